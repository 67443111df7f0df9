package dev.jmcp.server.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The open sessions of both HTTP transports, by id, bounded to {@code maxSessions}. Ids are 128 random bits from
 * {@link SecureRandom} in hex: "globally unique and cryptographically secure" and only visible ASCII. A removed
 * (deleted, expired) id is simply unknown from then on, which the endpoints answer with 404. Thread-safe.
 */
final class SessionTable {
    private static final Logger log = LoggerFactory.getLogger(SessionTable.class);
    private static final HexFormat HEX = HexFormat.of();

    private static final Duration PROBE_WAIT = Duration.ofMillis(500);

    private final Object probing = new Object();
    private final Map<String, HostedSession> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final int maxSessions;
    private volatile Consumer<String> endListener = id -> { };

    SessionTable(int maxSessions) {
        this.maxSessions = maxSessions;
    }

    /**
     * Creates and registers a session under a fresh id; null when the table is full. A full table first probes the
     * sessions bound to one stream (legacy SSE): a client that opened {@code GET /sse} and dropped it must not keep
     * counting against the bound until a keep-alive happens to notice.
     */
    <S extends HostedSession> S open(Function<String, S> factory) {
        S session = tryOpen(factory);
        if (session != null) return session;
        reclaimDropped();
        return tryOpen(factory);
    }

    /** Probes every session in parallel, waiting at most {@link #PROBE_WAIT} (a client that stopped reading can stall a write). */
    private void reclaimDropped() {
        synchronized (probing) {
            var sessionsNow = new ArrayList<>(sessions.values());
            var done = new CountDownLatch(sessionsNow.size());
            for (HostedSession session : sessionsNow) {
                Thread.ofVirtual().name("jmcp-http-probe").start(() -> {
                    try {
                        session.probe();
                    } finally {
                        done.countDown();
                    }
                });
            }
            try {
                done.await(PROBE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private synchronized <S extends HostedSession> S tryOpen(Function<String, S> factory) {
        if (sessions.size() >= maxSessions) return null;
        byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = HEX.formatHex(bytes);
        } while (sessions.containsKey(id));
        S session = factory.apply(id);
        sessions.put(id, session);
        return session;
    }

    HostedSession get(String id) {
        return id == null ? null : sessions.get(id);
    }

    int size() {
        return sessions.size();
    }

    int limit() {
        return maxSessions;
    }

    /** Removes and closes a session. */
    void end(HostedSession session, String why) {
        if (sessions.remove(session.id(), session)) {
            session.close(why);
            endListener.accept(session.id());
        }
    }

    /** Tells {@code listener} the id of every session ended from now on (tests wait on it). */
    void onEnded(Consumer<String> listener) {
        endListener = listener;
    }

    /** Forgets a session that closed itself. */
    void forget(HostedSession session) {
        if (sessions.remove(session.id(), session)) endListener.accept(session.id());
    }

    /** Ends idle sessions and gives the others their upkeep. */
    void sweep(long idleNanos) {
        long now = System.nanoTime();
        for (HostedSession session : new ArrayList<>(sessions.values())) {
            try {
                if (session.idle(now, idleNanos)) {
                    end(session, "idle for longer than " + idleNanos / 1_000_000 + " ms");
                } else {
                    session.tick(now);
                }
            } catch (RuntimeException e) {
                log.warn("upkeep of session {} failed", session.id(), e);
            }
        }
    }

    void closeAll(String why) {
        for (HostedSession session : new ArrayList<>(sessions.values())) end(session, why);
    }
}
