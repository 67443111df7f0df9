package dev.jmcp.server.http;

import org.slf4j.Logger;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Logs refused requests without letting a flood of them flood the log: each distinct reason (which names the Host or
 * Origin, or the limit that was reached) at WARN at most once a minute, with how many were refused meanwhile; the rest
 * at DEBUG. Thread-safe.
 */
final class RefusalLog {
    static final long QUIET_NANOS = 60_000_000_000L;
    /** Distinct reasons remembered; past it the table starts over, so guessed names cannot grow it without bound. */
    private static final int MAX_REASONS = 1024;

    private final Logger log;
    private final ConcurrentHashMap<String, long[]> lastWarned = new ConcurrentHashMap<>();

    RefusalLog(Logger log) {
        this.log = log;
    }

    void log(String method, String path, String reason) {
        long suppressed = suppressed(reason);
        if (suppressed < 0) {
            log.debug("refused {} {}: {}", method, path, reason);
        } else if (suppressed > 0) {
            log.warn("refused {} {}: {} ({} more refused for the same reason in the last minute)", method, path,
                    reason, suppressed);
        } else {
            log.warn("refused {} {}: {}", method, path, reason);
        }
    }

    /** Logs {@code refusal} (a whole sentence, the same each time for the same cause) as above. */
    void log(String refusal) {
        long suppressed = suppressed(refusal);
        if (suppressed < 0) {
            log.debug("{}", refusal);
        } else if (suppressed > 0) {
            log.warn("{} ({} more the same in the last minute)", refusal, suppressed);
        } else {
            log.warn("{}", refusal);
        }
    }

    /** -1 when {@code reason} was warned of within the last minute; else how many were refused since (0 or more). */
    private long suppressed(String reason) {
        long now = System.nanoTime();
        if (lastWarned.size() > MAX_REASONS) lastWarned.clear();
        long[] entry = lastWarned.computeIfAbsent(reason, r -> new long[]{now - QUIET_NANOS - 1, 0});
        long suppressed;
        synchronized (entry) {
            if (now - entry[0] <= QUIET_NANOS) {
                entry[1]++;
                return -1;
            }
            suppressed = entry[1];
            entry[0] = now;
            entry[1] = 0;
        }
        return suppressed;
    }
}
