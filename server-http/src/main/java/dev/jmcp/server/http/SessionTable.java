package dev.jmcp.server.http;

import dev.jmcp.plugin.Identity;
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
 * {@link SecureRandom} in hex: "globally unique and cryptographically secure" and only visible ASCII. The bits come
 * from a few DRBG generators (each seeded by the JDK from the system's entropy source), the one for the opening
 * thread's number: sessions opened at once neither queue on one generator's lock nor each read {@code /dev/urandom},
 * as the platform default ({@code NativePRNG}: a read under one lock per id) had them do. A removed
 * (deleted, expired) id is simply unknown from then on, which the endpoints answer with 404.
 *
 * <p>With authorization on, a session belongs to whoever opened it: the subject of the token (or the name of the API
 * key) that came with its {@code initialize}. A request naming the session with another identity, or none, finds no
 * session ("servers SHOULD bind session IDs to user-specific information"), so a leaked or guessed id is no use to
 * anyone else. Thread-safe.
 */
final class SessionTable {
    private static final Logger log = LoggerFactory.getLogger(SessionTable.class);
    private static final HexFormat HEX = HexFormat.of();

    private static final Duration PROBE_WAIT = Duration.ofMillis(500);

    private final Object probing = new Object();
    private final Map<String, HostedSession> sessions = new ConcurrentHashMap<>();
    /** Who opened each session that was opened with an identity: its owner's key ({@link #owner}). */
    private final Map<String, String> owners = new ConcurrentHashMap<>();
    private final SecureRandom[] ids = idGenerators();
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
        return open(factory, null);
    }

    /** As {@link #open(Function)}, the session belonging to {@code opener} (null: to anyone, no authorization). */
    <S extends HostedSession> S open(Function<String, S> factory, Identity opener) {
        S session = tryOpen(factory);
        if (session == null) {
            reclaimDropped();
            session = tryOpen(factory);
        }
        String owner = ownerKey(opener);
        if (session != null && owner != null) owners.put(session.id(), owner);
        return session;
    }

    /**
     * Registers {@code session}, opened by another instance and taken over by this one, for {@code opener} (its
     * {@link #ownerKey}, null for anyone). Returns it; or the session already registered under its id (taken over by
     * a racing request, {@code session} is then closed); or null when the table is full ({@code session} closed).
     */
    synchronized HostedSession adopt(HostedSession session, String opener) {
        HostedSession existing = sessions.get(session.id());
        if (existing != null || sessions.size() >= maxSessions) {
            session.close(existing != null ? "taken over twice at once" : "the session table is full");
            return existing;
        }
        sessions.put(session.id(), session);
        endable(session);
        if (opener != null) owners.put(session.id(), opener);
        return session;
    }

    /** The key a session is bound to: the token's subject, or its client when it names no subject; null for none. */
    static String ownerKey(Identity identity) {
        if (identity == null) return null;
        if (identity.subject() != null) return "sub:" + identity.subject();
        return identity.clientId() == null ? null : "client:" + identity.clientId();
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

    private <S extends HostedSession> S tryOpen(Function<String, S> factory) {
        // The id and the session are made outside the table's lock, which only guards the bound: with them inside it,
        // sessions opened at once waited for each other's random bits and set-up, one at a time.
        while (sessions.size() < maxSessions) {
            byte[] bytes = new byte[16];
            ids[(int) (Thread.currentThread().threadId() & (ids.length - 1))].nextBytes(bytes);
            String id = HEX.formatHex(bytes);
            S session = factory.apply(id);
            boolean full;
            synchronized (this) {
                full = sessions.size() >= maxSessions;
                if (!full && sessions.putIfAbsent(id, session) == null) {
                    endable(session);
                    return session;
                }
            }
            session.close(full ? "the session table is full" : "its id was taken");
        }
        return null;
    }

    /** An operator may end {@code session} (the console): as a DELETE does, for good. */
    private void endable(HostedSession session) {
        session.session().endWith(why -> end(session, why));
    }

    /** A power of two of DRBG generators, at least twice the processors, so that threads rarely share one. */
    private static SecureRandom[] idGenerators() {
        int count = Integer.highestOneBit(Math.max(2, Runtime.getRuntime().availableProcessors()) * 2 - 1) * 2;
        var generators = new SecureRandom[count];
        try {
            for (int i = 0; i < count; i++) generators[i] = SecureRandom.getInstance("DRBG");
        } catch (java.security.NoSuchAlgorithmException e) {
            // Every JDK since 9 has DRBG; fall back to the platform default rather than not serve.
            for (int i = 0; i < count; i++) generators[i] = new SecureRandom();
        }
        return generators;
    }

    HostedSession get(String id) {
        return id == null ? null : sessions.get(id);
    }

    /** The session {@code id} names, if {@code requester} may use it: the identity that opened it, or any when none did. */
    HostedSession get(String id, Identity requester) {
        HostedSession session = get(id);
        if (session == null) return null;
        String owner = owners.get(id);
        if (owner != null && !owner.equals(ownerKey(requester))) {
            log.warn("a request for session {} came with another identity than the one that opened it; answered as if "
                    + "there were no such session", id);
            return null;
        }
        return session;
    }

    int size() {
        return sessions.size();
    }

    int limit() {
        return maxSessions;
    }

    /** Removes and closes a session, which has ended for good: other instances cannot take it over. */
    void end(HostedSession session, String why) {
        if (remove(session, why)) session.discard();
    }

    private boolean remove(HostedSession session, String why) {
        if (!sessions.remove(session.id(), session)) return false;
        owners.remove(session.id());
        session.close(why);
        endListener.accept(session.id());
        return true;
    }

    /** Tells {@code listener} the id of every session ended from now on (tests wait on it). */
    void onEnded(Consumer<String> listener) {
        endListener = listener;
    }

    /** Forgets a session that closed itself. */
    void forget(HostedSession session) {
        if (sessions.remove(session.id(), session)) {
            owners.remove(session.id());
            endListener.accept(session.id());
        }
    }

    /** Ends idle sessions and gives the others their upkeep. */
    void sweep(long idleNanos) {
        long now = System.nanoTime();
        // The map's own view, not a copy: the sweep runs every second over every open session, and ending one while
        // walking the view is safe (its iterator is weakly consistent).
        for (HostedSession session : sessions.values()) {
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

    /** Closes every session as this instance stops; another instance may take them over. */
    void closeAll(String why) {
        for (HostedSession session : new ArrayList<>(sessions.values())) remove(session, why);
    }
}
