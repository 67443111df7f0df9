package dev.jmcp.server.http;

import dev.jmcp.server.session.ServerSession;

/**
 * A session as the HTTP transports hold it: the engine's {@link ServerSession} plus the transport's own state, kept in
 * the {@link SessionTable} under its id. Implementations are thread-safe.
 */
sealed interface HostedSession permits StreamableSession, LegacySseSession {

    String id();

    ServerSession session();

    /** Records client activity (any HTTP request naming the session). */
    void touch();

    /** True when the client has been silent, with no stream open, for longer than {@code idleNanos}. */
    boolean idle(long nowNanos, long idleNanos);

    /** Periodic upkeep: keep-alive comments on quiet streams and the like. */
    void tick(long nowNanos);

    /**
     * Writes something harmless on a stream bound to the session so that a client that dropped it is noticed (the
     * session then ends itself). Only sessions whose life is one stream need it; the others do nothing.
     */
    default void probe() {
    }

    /** Ends the session: the engine session is closed and every open response ended. Idempotent. */
    void close(String why);

    /**
     * After {@link #close}, when the session has ended for good (deleted, expired) rather than with this instance:
     * forgets what other instances would need to take it over.
     */
    default void discard() {
    }
}
