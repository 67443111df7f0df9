package dev.jmcp.cli.logging;

import org.tinylog.configuration.Configuration;
import org.tinylog.provider.ProviderRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;

/**
 * Configures tinylog for this process, once, before any logger is created. Console output always goes to standard
 * error; with a log folder each run also writes {@code jmcp-<yyyyMMdd-HHmmss>-<pid>.log} there. Writers are
 * unbuffered and synchronous, so a crash loses no line already logged. tinylog's own shutdown hook is off: the owner
 * of the process calls {@link #shutdown} last, after everything that may still log (such as closing the server).
 * {@link #configure} may be called again (a command refining the process-wide default) until the first line is
 * logged; after that tinylog's configuration is frozen. Not meant for concurrent use: configure from the main thread.
 */
public final class LogSetup {
    private static final DateTimeFormatter FILE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    // Lines name their logger, not the calling class (NamedLogger: no stack walk per line). {tag} is the logger's short
    // name (McpServer, jmcp.audit), {class} its whole name (dev.jmcp.server.McpServer, jmcp.audit).
    private static final String CONSOLE_LINE = "{level|min-size=5} {tag}: {message}";
    private static final String FILE_FORMAT =
            "{date:yyyy-MM-dd HH:mm:ss.SSS} {level|min-size=5} [{thread}] {class}: {message}";

    private LogSetup() {
    }

    /**
     * Applies the configuration. Returns the log file of this run when {@code logsDirectory} is given (creating the
     * folder if needed).
     *
     * @throws IOException when the log folder cannot be created
     * @throws UnsupportedOperationException when tinylog was already used, so its configuration is frozen
     */
    public static Optional<Path> configure(boolean verbose, Path logsDirectory) throws IOException {
        return configure(verbose, logsDirectory, FileFormat.TEXT);
    }

    /**
     * How the log file is written: text lines ({@link #TEXT}), optionally rolled over by size; or JSON lines
     * (one JSON object per line: time, level, thread, logger, message, exception), for log shippers.
     */
    public record FileFormat(boolean json, long rollOverBytes, int keep) {
        public static final FileFormat TEXT = new FileFormat(false, 0, 0);

        public FileFormat {
            if (json && rollOverBytes > 0) {
                throw new IllegalArgumentException("log files roll over in the text format only");
            }
            if (rollOverBytes < 0 || keep < 0) throw new IllegalArgumentException("sizes and counts are not negative");
        }
    }

    /** As {@link #configure(boolean, Path)}, the log file (when there is one) written as {@code format} says. */
    public static Optional<Path> configure(boolean verbose, Path logsDirectory, FileFormat format) throws IOException {
        return configure(verbose, logsDirectory, format, true);
    }

    /**
     * As {@link #configure(boolean, Path, FileFormat)}; console lines start with the time of day only when
     * {@code consoleTimes} (see {@link #properties(boolean, Optional, FileFormat, boolean)}).
     */
    public static Optional<Path> configure(boolean verbose, Path logsDirectory, FileFormat format,
                                           boolean consoleTimes) throws IOException {
        Optional<Path> file = Optional.empty();
        if (logsDirectory != null) {
            Files.createDirectories(logsDirectory);
            file = Optional.of(newLogFile(logsDirectory, LocalDateTime.now(), ProcessHandle.current().pid()));
            if (format.json()) file = file.map(f -> f.resolveSibling(f.getFileName().toString().replaceAll("\\.log$", ".jsonl")));
        }
        Configuration.replace(properties(verbose, file, format, consoleTimes));
        return file;
    }

    /** The tinylog properties for the given level and optional log file. */
    public static Map<String, String> properties(boolean verbose, Optional<Path> file) {
        return properties(verbose, file, FileFormat.TEXT);
    }

    /** The tinylog properties for the given level, optional log file and its format. */
    public static Map<String, String> properties(boolean verbose, Optional<Path> file, FileFormat format) {
        return properties(verbose, file, format, true);
    }

    /**
     * The tinylog properties for the given level, optional log file and its format, console lines with or without the
     * time of day. Without is for serving over stdio: the client that started the server stamps each line of its
     * standard error itself. With times, the console writer is {@link StampedConsoleWriter}, which reads the time zone
     * without {@code java.time}'s rules (see {@link #prepareTimeStamps}). Log files always carry date and time.
     */
    public static Map<String, String> properties(boolean verbose, Optional<Path> file, FileFormat format,
                                                 boolean consoleTimes) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("level", verbose ? "debug" : "info");
        // The JDK's own System.Logger chatter (such as a stack trace for every Runtime.exit at debug, logger
        // java.lang.Runtime) is not ours. Levels go by logger name (NamedLogger), as these prefixes.
        for (String jdk : new String[]{"java", "javax", "jdk", "sun", "com.sun"}) p.put("level@" + jdk, "info");
        // -v is jmcp's debug output, not Jetty's (a thousand lines for a few requests, a stack trace per ordinary
        // socket close); Jetty's start and stop banners are not news either. Its warnings and errors still show.
        p.put("level@org.eclipse.jetty", "warn");
        p.put("autoshutdown", "false");
        p.put("writingthread", "false");
        if (consoleTimes) {
            // Every level to standard error, like the console writer below, each line after the time of day.
            p.put("writer1", StampedConsoleWriter.class.getName());
        } else {
            p.put("writer1", "console");
            // By default tinylog's console writer prints levels below WARN to standard output: in stdio mode that is
            // the protocol channel, so every level goes to standard error.
            p.put("writer1.stream", "err");
        }
        p.put("writer1.format", CONSOLE_LINE);
        file.ifPresent(f -> {
            if (format.json()) {
                p.put("writer2", "json");
                p.put("writer2.file", f.toAbsolutePath().toString());
                p.put("writer2.charset", "UTF-8");
                p.put("writer2.append", "true");
                p.put("writer2.buffered", "false");
                p.put("writer2.format", "LDJSON");
                p.put("writer2.field.time", "{date:yyyy-MM-dd'T'HH:mm:ss.SSSXXX}");
                p.put("writer2.field.level", "level");
                p.put("writer2.field.thread", "thread");
                p.put("writer2.field.logger", "class");
                p.put("writer2.field.message", "message");
                p.put("writer2.field.exception", "exception");
                return;
            }
            if (format.rollOverBytes() > 0) {
                // tinylog's rolling writer numbers the files: jmcp-<stamp>-<pid>.0.log, .1.log, ...
                p.put("writer2", "rolling file");
                p.put("writer2.file", f.toAbsolutePath().toString().replaceAll("\\.log$", ".{count}.log"));
                p.put("writer2.policies", "size: " + format.rollOverBytes());
                if (format.keep() > 0) p.put("writer2.backups", String.valueOf(format.keep()));
            } else {
                p.put("writer2", "file");
                p.put("writer2.file", f.toAbsolutePath().toString());
                p.put("writer2.append", "true");
            }
            p.put("writer2.charset", "UTF-8");
            p.put("writer2.buffered", "false");
            p.put("writer2.format", FILE_FORMAT);
        });
        return p;
    }

    /**
     * Starts loading, on a thread of its own, what the first time stamp of a log line needs: the JDK's zone data for
     * the console (a few milliseconds) and, when there are log {@code files}, {@code java.time}'s zone rules, whose
     * first use lists a service file in every JAR of the class path, opening and indexing each (20-40 ms of CPU time
     * for lib/). Only a head start, for a process about to log with times; without it the first such line pays.
     */
    public static void prepareTimeStamps(boolean files) {
        Thread.ofPlatform().daemon().name("jmcp-time-zone").start(() -> {
            TimeZone.getDefault();
            if (files) ZoneId.systemDefault();
        });
    }

    /** The file one run logs to: {@code jmcp-<yyyyMMdd-HHmmss>-<pid>.log} in {@code directory}. */
    public static Path newLogFile(Path directory, LocalDateTime start, long pid) {
        return directory.resolve("jmcp-" + FILE_STAMP.format(start) + "-" + pid + ".log");
    }

    /** Flushes and closes the writers. Lines logged afterwards are lost. */
    public static void shutdown() {
        try {
            ProviderRegistry.getLoggingProvider().shutdown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
