package dev.jmcp.server.logs;

import org.slf4j.Logger;
import org.slf4j.event.Level;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a log line that repeats (the same refusal, the same audit line) from flooding the log, the one way the server
 * does it: of each cause, the first {@code first} lines of a {@code window} are logged as they come, the rest are
 * counted (and logged at DEBUG), and when the window ends one line says how many there were: the window's first line
 * followed by {@code (repeated K more times in the last minute)}. The first occurrence of a cause is never dropped, and
 * a count is never lost: it is written at the window's end, or at the next occurrence if that comes first.
 * Thread-safe; one instance per logger, shared by everything that logs there.
 *
 * <p>Memory is bounded: at most {@link #MAX_CAUSES} causes are remembered (past it the table starts over, so guessed
 * names or addresses cannot grow it); a cause with lines being counted has one virtual thread waiting for its window to
 * end.
 */
public final class RepeatedLines {
    /** Distinct causes remembered; past it the table starts over. */
    static final int MAX_CAUSES = 1024;

    private final Logger log;
    private final int first;
    private final long windowNanos;
    private final ConcurrentHashMap<String, Cause> causes = new ConcurrentHashMap<>();

    /** The server's rule: each cause once a minute, then its count. */
    public RepeatedLines(Logger log) {
        this(log, 1, Duration.ofMinutes(1));
    }

    /** The first {@code first} lines of each cause per {@code window} are logged; the rest are counted. */
    public RepeatedLines(Logger log, int first, Duration window) {
        if (first < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("need first >= 1 and a positive window, was " + first + ", " + window);
        }
        this.log = log;
        this.first = first;
        this.windowNanos = window.toNanos();
    }

    /** Logs {@code line} at WARN, its own cause (the same line each time for the same cause). */
    public void warn(String line) {
        log(Level.WARN, line, line);
    }

    /** Logs {@code line} at INFO, its own cause. */
    public void info(String line) {
        log(Level.INFO, line, line);
    }

    /**
     * Logs {@code line} at {@code level} unless {@code cause} has had its {@code first} lines in this window; lines of
     * one cause may differ in detail (a path, say): the summary repeats the window's first one.
     */
    public void log(Level level, String cause, String line) {
        if (!log.isEnabledForLevel(level)) return;
        if (causes.size() > MAX_CAUSES) causes.clear();
        Cause entry = causes.computeIfAbsent(level + " " + cause, c -> new Cause());
        long now = System.nanoTime();
        String summary = null;
        boolean write;
        boolean watch = false;
        synchronized (entry) {
            if (entry.firstLine == null || now - entry.start >= windowNanos) {
                if (entry.counted > 0) summary = summary(entry.firstLine, entry.counted);
                entry.start = now;
                entry.firstLine = line;
                entry.logged = 0;
                entry.counted = 0;
            }
            write = entry.logged < first;
            if (write) {
                entry.logged++;
            } else {
                entry.counted++;
                watch = !entry.watched;
                entry.watched = true;
            }
        }
        if (summary != null) log.atLevel(level).log(summary);
        if (write) {
            log.atLevel(level).log(line);
        } else {
            log.debug("{}", line);
        }
        if (watch) Thread.ofVirtual().name("jmcp-log-repeats").start(() -> summarizeAtWindowEnd(level, entry));
    }

    /** Waits for {@code entry}'s window to end and writes its count, unless a later line did first. */
    private void summarizeAtWindowEnd(Level level, Cause entry) {
        try {
            while (true) {
                long left;
                int counted = 0;
                String line = null;
                synchronized (entry) {
                    left = entry.start + windowNanos - System.nanoTime();
                    if (left <= 0) {
                        counted = entry.counted;
                        line = entry.firstLine;
                        entry.counted = 0;
                        entry.watched = false;
                    }
                }
                if (left <= 0) {
                    if (counted > 0) log.atLevel(level).log(summary(line, counted));
                    return;
                }
                TimeUnit.NANOSECONDS.sleep(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            synchronized (entry) {
                entry.watched = false;
            }
        }
    }

    private String summary(String line, int counted) {
        String window = windowNanos == TimeUnit.MINUTES.toNanos(1) ? "the last minute"
                : "the last " + Duration.ofNanos(windowNanos).toMillis() + " ms";
        return line + " (repeated " + counted + " more time" + (counted == 1 ? "" : "s") + " in " + window + ")";
    }

    /** One cause's window: when it started, its first line, how many were logged and counted. Guarded by itself. */
    private static final class Cause {
        long start;
        String firstLine;
        int logged;
        int counted;
        boolean watched;
    }
}
