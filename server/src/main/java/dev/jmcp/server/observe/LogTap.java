package dev.jmcp.server.observe;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where the logging backend hands each line it writes, so that parts of the server can see the lines logged while a
 * call ran (the console shows them with the call). One per process, as the logging backend is: the command line's
 * SLF4J logger calls {@link #line} for every line it writes, on the thread that logs it. Any number of listeners (a
 * console per server, several servers in one JVM): each is told of every line and keeps those that are its own. Nothing
 * is built unless someone listens. Thread-safe.
 */
public final class LogTap {
    /** One line as written: its level (INFO, WARN, ...), the logger's name, the message and the exception's text. */
    public record Line(String level, String logger, String message) {
    }

    /** A listener's registration; closing it stops the listener being told. */
    public interface Listening extends AutoCloseable {
        @Override
        void close();
    }

    private static final CopyOnWriteArrayList<Consumer<Line>> LISTENERS = new CopyOnWriteArrayList<>();
    /** The plugin the server logs a line for on its own thread: a child process's standard error, say. */
    private static final ScopedValue<String> PLUGIN = ScopedValue.newInstance();

    private LogTap() {
    }

    /** Whether anyone listens: the backend may skip building the {@link Line} otherwise. */
    public static boolean listened() {
        return !LISTENERS.isEmpty();
    }

    /**
     * Tells every listener of a line just written, on the thread that logged it. A listener that throws is ignored: a
     * log line must never fail the code that logs it.
     */
    public static void line(String level, String logger, String message, Throwable thrown) {
        if (LISTENERS.isEmpty()) return;
        var line = new Line(level, logger, thrown == null ? message : message + " (" + thrown + ")");
        for (Consumer<Line> listener : LISTENERS) {
            try {
                listener.accept(line);
            } catch (RuntimeException ignored) {
                // see above
            }
        }
    }

    /** Tells {@code consumer} of every line from now on, until the returned registration is closed. */
    public static Listening listen(Consumer<Line> consumer) {
        LISTENERS.add(consumer);
        return () -> LISTENERS.remove(consumer);
    }

    /**
     * Runs {@code logging} (which logs a line for plugin {@code plugin}: what its child process wrote, say) so that
     * listeners can tell whose line it is ({@link #plugin}): once per line, or once around a thread's whole work.
     */
    public static void forPlugin(String plugin, Runnable logging) {
        ScopedValue.where(PLUGIN, plugin).run(logging);
    }

    /** The plugin the line being logged on this thread is for ({@link #forPlugin}), or null. */
    public static String plugin() {
        return PLUGIN.isBound() ? PLUGIN.get() : null;
    }
}
