package dev.jmcp.cli.logging;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;
import org.tinylog.configuration.Configuration;
import org.tinylog.core.LogEntry;
import org.tinylog.core.TinylogLoggingProvider;
import org.tinylog.provider.InternalLogger;
import org.tinylog.provider.LoggingProvider;
import org.tinylog.provider.ProviderRegistry;
import org.tinylog.runtime.RuntimeProvider;
import org.tinylog.writers.Writer;

import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * jmcp's SLF4J provider: {@link NamedLogger}s writing to tinylog, configured by {@link LogSetup}. Found by SLF4J
 * through {@code META-INF/services} or named by {@link LoggingServices#useDirectly}. Thread-safe.
 */
public final class NamedLoggers implements SLF4JServiceProvider, ILoggerFactory {
    private final ConcurrentHashMap<String, Logger> loggers = new ConcurrentHashMap<>();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new BasicMDCAdapter();

    /** Public for SLF4J, which creates it by name. */
    public NamedLoggers() {
    }

    @Override
    public Logger getLogger(String name) {
        return loggers.computeIfAbsent(name, NamedLogger::new);
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return this;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // Nothing: tinylog is reached at the first line, once LogSetup has configured it.
    }

    static Backend backend() {
        return Backend.ACTIVE;
    }

    /**
     * tinylog as configured when the first line is logged (its configuration is frozen from then on): the levels by
     * name prefix and, per level, the writers. Made on first use.
     */
    static final class Backend {
        static final Backend ACTIVE = new Backend();

        private final LoggingProvider provider;
        /** tinylog's own provider, whose writers get the entries; null when another provider was configured. */
        private final TinylogLoggingProvider tinylog;
        private final int global;
        private final Map<String, Integer> byPrefix = new HashMap<>();
        @SuppressWarnings("unchecked")
        private final Collection<Writer>[] writers = new Collection[Level.values().length];

        private Backend() {
            provider = ProviderRegistry.getLoggingProvider();
            tinylog = provider instanceof TinylogLoggingProvider t ? t : null;
            global = parse(Configuration.get("level"), Level.TRACE.toInt());
            Configuration.getSiblings("level@").forEach((key, value) ->
                    byPrefix.put(key.substring("level@".length()), parse(value, global)));
            if (tinylog != null) {
                for (Level level : Level.values()) writers[level.ordinal()] = tinylog.getWriters(null, tinylog(level));
            }
        }

        /** The lowest SLF4J level ({@link Level#toInt}) written for a logger named {@code name}. */
        int threshold(String name) {
            for (String prefix = name; ; ) {
                Integer level = byPrefix.get(prefix);
                if (level != null) return level;
                int dot = prefix.lastIndexOf('.');
                if (dot < 0) return global;
                prefix = prefix.substring(0, dot);
            }
        }

        void write(String name, String shortName, Level level, String message, Throwable throwable) {
            if (tinylog == null) {
                provider.log(NamedLogger.class.getName(), shortName, tinylog(level), throwable, null, message);
                return;
            }
            LogEntry entry = new LogEntry(RuntimeProvider.createTimestamp(), Thread.currentThread(),
                    tinylog.getContextProvider().getMapping(), name, null, null, -1, shortName, tinylog(level),
                    message, throwable);
            for (Writer writer : writers[level.ordinal()]) {
                try {
                    writer.write(entry);
                } catch (Exception e) {
                    InternalLogger.log(org.tinylog.Level.ERROR, e, "Failed to write log entry '" + message + "'");
                }
            }
        }

        private static org.tinylog.Level tinylog(Level level) {
            return switch (level) {
                case TRACE -> org.tinylog.Level.TRACE;
                case DEBUG -> org.tinylog.Level.DEBUG;
                case INFO -> org.tinylog.Level.INFO;
                case WARN -> org.tinylog.Level.WARN;
                case ERROR -> org.tinylog.Level.ERROR;
            };
        }

        /** A tinylog level name as the lowest SLF4J level written ({@code off}: none). */
        private static int parse(String value, int otherwise) {
            if (value == null) return otherwise;
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "trace" -> Level.TRACE.toInt();
                case "debug" -> Level.DEBUG.toInt();
                case "info" -> Level.INFO.toInt();
                case "warn", "warning" -> Level.WARN.toInt();
                case "error" -> Level.ERROR.toInt();
                case "off" -> Integer.MAX_VALUE;
                default -> otherwise;
            };
        }
    }
}
