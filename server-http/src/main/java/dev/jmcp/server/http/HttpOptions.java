package dev.jmcp.server.http;

import dev.jmcp.server.config.ServerOptions;

import java.time.Duration;
import java.util.List;

/**
 * How the HTTP transports are set up. Immutable.
 *
 * @param host               the address to bind; loopback by default, as the specification advises for local servers
 * @param port               the port to bind; 0 picks a free one (tests)
 * @param path               the Streamable HTTP endpoint path
 * @param allowedOrigins     origins accepted besides loopback ones (e.g. {@code https://app.example.com}); their hosts
 *                           are accepted in {@code Host} too
 * @param maxBodyBytes       the largest POST body; 0 means the engine's {@code maxMessageBytes}
 * @param maxSessions        sessions open at once (both transports together); past it, initialize gets 503
 * @param sessionIdleTimeout a session with no HTTP request and no open stream for this long is ended
 * @param replayBufferSize   events kept per SSE stream for a client resuming with {@code Last-Event-ID}
 * @param streamableHttp     whether the Streamable HTTP endpoint is served
 * @param legacySse          whether the 2024-11-05 HTTP+SSE endpoints ({@code /sse}, {@code /messages}) are served
 * @param sseRetry           the {@code retry:} hint sent in the priming event of each stream (2025-11-25 sessions)
 * @param keepAlive          how often an idle open stream gets an SSE comment; a request still unanswered after this
 *                           long is switched to an SSE stream so its connection does not look idle
 * @param pollAfter          null (the default) to hold a POST's stream open until its response; otherwise the
 *                           connection of a request unanswered after this long is closed (the stream is not: the
 *                           client resumes it with GET and {@code Last-Event-ID}, SEP-1699 polling)
 * @param maxStatelessCalls  stateless (2026-07-28) requests being served at once, {@code subscriptions/listen} streams
 *                           included; past it, a request gets 503
 * @param allowedHosts       names accepted in {@code Host} besides loopback ones and the bound address (e.g. the
 *                           machine's name behind which clients reach it); they allow no origin
 * @param tls                where the certificate and key come from for HTTPS; null serves plain HTTP
 * @param gracePeriod        on shutdown, how long calls in flight may run on to finish before they are cut off
 */
public record HttpOptions(String host, int port, String path, List<String> allowedOrigins, int maxBodyBytes,
                          int maxSessions, Duration sessionIdleTimeout, int replayBufferSize, boolean streamableHttp,
                          boolean legacySse, Duration sseRetry, Duration keepAlive, Duration pollAfter,
                          int maxStatelessCalls, List<String> allowedHosts, TlsOptions tls, Duration gracePeriod) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 3000;
    public static final String DEFAULT_PATH = "/mcp";
    /** Ten thousand idle sessions fit in a few hundred MB; the bound guards against a flood, not normal use. */
    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(30);
    public static final int DEFAULT_REPLAY_BUFFER_SIZE = 256;
    public static final Duration DEFAULT_SSE_RETRY = Duration.ofSeconds(1);
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(15);
    public static final int DEFAULT_MAX_STATELESS_CALLS = 1000;
    public static final Duration DEFAULT_GRACE_PERIOD = ServerOptions.DEFAULT_GRACE_PERIOD;

    public HttpOptions {
        if (host == null || host.isBlank()) host = DEFAULT_HOST;
        if (port < 0 || port > 65535) throw new IllegalArgumentException("port must be 0..65535, was " + port);
        if (path == null || path.isBlank()) path = DEFAULT_PATH;
        if (!path.startsWith("/")) throw new IllegalArgumentException("the endpoint path must start with '/': " + path);
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        if (maxBodyBytes < 0) throw new IllegalArgumentException("body limit must not be negative");
        if (maxSessions < 1) throw new IllegalArgumentException("session limit must be at least 1");
        if (sessionIdleTimeout == null) sessionIdleTimeout = DEFAULT_SESSION_IDLE_TIMEOUT;
        if (!sessionIdleTimeout.isPositive()) throw new IllegalArgumentException("idle timeout must be positive");
        if (replayBufferSize < 1) throw new IllegalArgumentException("replay buffer must hold at least one event");
        if (!streamableHttp && !legacySse) throw new IllegalArgumentException("enable at least one HTTP transport");
        if (sseRetry == null || sseRetry.isNegative()) sseRetry = DEFAULT_SSE_RETRY;
        if (keepAlive == null || !keepAlive.isPositive()) keepAlive = DEFAULT_KEEP_ALIVE;
        if (pollAfter != null && !pollAfter.isPositive()) pollAfter = null;
        if (maxStatelessCalls < 1) throw new IllegalArgumentException("stateless call limit must be at least 1");
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        if (gracePeriod == null) gracePeriod = DEFAULT_GRACE_PERIOD;
        if (gracePeriod.isNegative()) throw new IllegalArgumentException("grace period must not be negative");
    }

    /** Options with the default bound on stateless calls (the form callers used before that bound existed). */
    public HttpOptions(String host, int port, String path, List<String> allowedOrigins, int maxBodyBytes,
                       int maxSessions, Duration sessionIdleTimeout, int replayBufferSize, boolean streamableHttp,
                       boolean legacySse, Duration sseRetry, Duration keepAlive, Duration pollAfter) {
        this(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout, replayBufferSize,
                streamableHttp, legacySse, sseRetry, keepAlive, pollAfter, DEFAULT_MAX_STATELESS_CALLS, List.of(), null,
                DEFAULT_GRACE_PERIOD);
    }

    /** Streamable HTTP on 127.0.0.1:3000/mcp, legacy HTTP+SSE off. */
    public static HttpOptions defaults() {
        return new HttpOptions(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_PATH, List.of(), 0, DEFAULT_MAX_SESSIONS,
                DEFAULT_SESSION_IDLE_TIMEOUT, DEFAULT_REPLAY_BUFFER_SIZE, true, false, DEFAULT_SSE_RETRY,
                DEFAULT_KEEP_ALIVE, null, DEFAULT_MAX_STATELESS_CALLS, List.of(), null, DEFAULT_GRACE_PERIOD);
    }

    public HttpOptions withPort(int port) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withAllowedOrigins(List<String> allowedOrigins) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withMaxBodyBytes(int maxBodyBytes) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withMaxSessions(int maxSessions) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withSessionIdleTimeout(Duration sessionIdleTimeout) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withReplayBufferSize(int replayBufferSize) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withTransports(boolean streamableHttp, boolean legacySse) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withKeepAlive(Duration keepAlive) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withPollAfter(Duration pollAfter) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withMaxStatelessCalls(int maxStatelessCalls) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withAllowedHosts(List<String> allowedHosts) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withTls(TlsOptions tls) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }

    public HttpOptions withGracePeriod(Duration gracePeriod) {
        return new HttpOptions(host, port, path, allowedOrigins, maxBodyBytes, maxSessions, sessionIdleTimeout,
                replayBufferSize, streamableHttp, legacySse, sseRetry, keepAlive, pollAfter,
                maxStatelessCalls, allowedHosts, tls, gracePeriod);
    }
}
