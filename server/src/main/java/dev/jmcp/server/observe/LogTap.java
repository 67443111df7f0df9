package dev.jmcp.server.observe;

import java.util.function.Consumer;

/**
 * Where the logging backend hands each line it writes, so that a part of the server can see the lines logged while a
 * call ran on its thread (the console shows them with the call). One per process, as the logging backend is: the
 * command line's SLF4J logger calls {@link #line} for every line it writes; nothing listens unless
 * {@link #listen} was called, and then each line costs that listener's look-up. Thread-safe.
 */
public final class LogTap {
    /** One line as written: its level (INFO, WARN, ...), the logger's name, the message and the exception's text. */
    public record Line(String level, String logger, String message) {
    }

    private static volatile Consumer<Line> listener;

    private LogTap() {
    }

    /** Whether anyone listens: the backend may skip building the {@link Line} otherwise. */
    public static boolean listened() {
        return listener != null;
    }

    /**
     * Tells the listener of a line just written, on the thread that logged it. A listener that throws is ignored: a
     * log line must never fail the code that logs it.
     */
    public static void line(String level, String logger, String message, Throwable thrown) {
        Consumer<Line> now = listener;
        if (now == null) return;
        try {
            now.accept(new Line(level, logger, thrown == null ? message : message + " (" + thrown + ")"));
        } catch (RuntimeException ignored) {
            // see above
        }
    }

    /** Makes {@code consumer} the one listener (replacing any); null stops listening. */
    public static void listen(Consumer<Line> consumer) {
        listener = consumer;
    }
}
