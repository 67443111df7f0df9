package dev.jmcp.cli.logging;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

import java.io.Serial;

/**
 * An SLF4J logger whose lines carry its name, not its caller's class: nothing it does walks the stack. tinylog's own
 * SLF4J binding drops the logger's name and lets tinylog find the calling class on the stack for every line (for the
 * level of a package such as {@code org.eclipse.jetty}, and for {@code {class-name}}): 40 % of the CPU time of opening
 * an HTTP session went there. Here the level comes from the name ({@code level@<prefix>} as tinylog reads it), decided
 * once per logger, and each line reaches tinylog's writers as an entry whose class is the logger's name and whose tag
 * is the short name a console line shows (see {@link #shortName}). Thread-safe; made by {@link NamedLoggers}.
 */
final class NamedLogger extends LegacyAbstractLogger {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final int UNKNOWN = -1;

    private final String shortName;
    /** The lowest SLF4J level written ({@link Level#toInt}), or {@link #UNKNOWN} before the first use. */
    private volatile int threshold = UNKNOWN;

    NamedLogger(String name) {
        this.name = name;
        this.shortName = shortName(name);
    }

    /**
     * What a console line shows of a logger's name: a class's simple name ({@code McpServer} for
     * {@code dev.jmcp.server.McpServer}), any other name whole ({@code jmcp.audit}, {@code a.plugin}). A class is told
     * by its last segment starting with an upper-case letter.
     */
    static String shortName(String name) {
        int dot = name.lastIndexOf('.');
        if (dot < 0 || dot == name.length() - 1) return name;
        return Character.isUpperCase(name.charAt(dot + 1)) ? name.substring(dot + 1) : name;
    }

    private boolean enabled(Level level) {
        int t = threshold;
        if (t == UNKNOWN) {
            // Decided at first use, when tinylog's configuration is final (LogSetup may replace it until then).
            t = NamedLoggers.backend().threshold(name);
            threshold = t;
        }
        return level.toInt() >= t;
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern, Object[] arguments,
                                               Throwable throwable) {
        String message = arguments == null || arguments.length == 0 ? messagePattern
                : MessageFormatter.basicArrayFormat(messagePattern, arguments);
        NamedLoggers.backend().write(name, shortName, level, message, throwable);
        // The console shows the lines a call logged; nobody listens otherwise.
        if (dev.jmcp.server.observe.LogTap.listened()) {
            dev.jmcp.server.observe.LogTap.line(level.name(), shortName, message, throwable);
        }
    }
}
