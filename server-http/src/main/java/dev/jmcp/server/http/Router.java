package dev.jmcp.server.http;

import dev.jmcp.plugin.Identity;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.server.http.routes.McpGuard;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.session.RequestIdentity;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The one Jetty handler: guards every request against DNS rebinding, then sends it to the endpoint its path names.
 * A blocking handler, so Jetty runs it on a virtual thread. Thread-safe.
 */
final class Router extends Handler.Abstract {
    private static final Logger log = LoggerFactory.getLogger(Router.class);

    private final HttpOptions options;
    private final OriginGuard guard;
    private final StreamableEndpoint streamable;
    private final LegacySseEndpoint legacy;
    /** Paths served beside MCP (health, metrics, the console, well-known documents): exact, or a prefix ending in '/'. */
    private final Map<String, Handler> routes = new ConcurrentHashMap<>();
    private final List<McpGuard> guards = new CopyOnWriteArrayList<>();
    /** Routes that pass the MCP guards too (the console's API, behind the same authorization as MCP). */
    private final java.util.Set<Handler> guardedRoutes = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Health health = new Health();
    private final RepeatedLines refusals = new RepeatedLines(log);
    private volatile State state = State.READY;

    /** Whether MCP requests are served: not before the plugins are loaded, nor once shutdown began. */
    enum State { STARTING, READY, DRAINING }

    /** False while the plugins' first load runs in the background: MCP requests wait for it, {@code /ready} is 503. */
    private final java.util.function.BooleanSupplier pluginsLoaded;

    Router(HttpOptions options, StreamableEndpoint streamable, LegacySseEndpoint legacy,
           java.util.function.BooleanSupplier pluginsLoaded) {
        this.options = options;
        this.pluginsLoaded = pluginsLoaded;
        this.guard = new OriginGuard(options.host(), options.allowedOrigins(), options.allowedHosts());
        this.streamable = streamable;
        this.legacy = legacy;
    }

    void route(String path, Handler handler) {
        if (routes.putIfAbsent(path, handler) != null) {
            throw new IllegalStateException("a handler is already routed at " + path);
        }
    }

    void state(State state) {
        this.state = state;
    }

    State state() {
        return state;
    }

    /**
     * Whether {@code state} refuses this MCP request: everything while the plugins load; while draining, whatever
     * would start new work outside an existing session (initialize, stateless requests, a new legacy stream), so
     * that a session's calls in flight can still get the client's answers to their questions and its cancellations.
     */
    private static boolean refusedWhile(State state, Request request, String path) {
        return switch (state) {
            case READY -> false;
            case STARTING -> true;
            case DRAINING -> !path.equals(LegacySseEndpoint.MESSAGES_PATH)
                    && request.getHeaders().get("Mcp-Session-Id") == null;
        };
    }

    /**
     * Whether every guard admits {@code request}. A guard that refuses answers on the headers alone, the body unread,
     * so its answer closes the connection ({@link ErrorReplies#closeUnreadBody}) after the body is drained
     * ({@link ErrorReplies#drainThenComplete}), whoever wrote the guard; an admitted request loses that mark.
     */
    private boolean admitted(Request request, Response response, Callback callback) throws Exception {
        if (guards.isEmpty()) return true;
        boolean marked = ErrorReplies.closeUnreadBody(request, response);
        // A refusal's answer is followed by draining the body, as ErrorReplies.refuse does, before the exchange ends.
        var answered = marked ? new FutureCallback() : null;
        for (McpGuard check : guards) {
            if (!check.admit(request, response, marked ? answered : callback)) {
                if (marked) ErrorReplies.drainThenComplete(request, answered, callback);
                return false;
            }
        }
        if (marked) response.getHeaders().remove(HttpHeader.CONNECTION);
        return true;
    }

    private void endpoint(String path, Request request, Response response, Callback callback) throws Exception {
        if (options.streamableHttp() && path.equals(options.path())) {
            streamable.handle(request, response, callback);
        } else if (options.legacySse() && path.equals(LegacySseEndpoint.SSE_PATH)) {
            legacy.openStream(request, response, callback);
        } else if (options.legacySse() && path.equals(LegacySseEndpoint.MESSAGES_PATH)) {
            legacy.post(request, response, callback);
        } else {
            ErrorReplies.refuse(request, response, callback, 404, ErrorCodes.INVALID_REQUEST,
                    "Not found: no MCP endpoint at " + path);
        }
    }

    void guardedRoute(String path, Handler handler) {
        route(path, handler);
        guardedRoutes.add(handler);
    }

    void guard(McpGuard check) {
        guards.add(check);
    }

    private Handler route(String path) {
        if (routes.isEmpty()) return null;
        Handler exact = routes.get(path);
        if (exact != null) return exact;
        for (var entry : routes.entrySet()) {
            String prefix = entry.getKey();
            if (prefix.endsWith("/") && path.startsWith(prefix)) return entry.getValue();
        }
        return null;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (HttpMethod.CONNECT.is(request.getMethod())) {
            // Not a proxy: refuse, and close so the connection cannot be taken for a tunnel.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            ErrorReplies.refuse(request, response, callback, 405, ErrorCodes.INVALID_REQUEST,
                    "Method not allowed: this server is no proxy; CONNECT is not served");
            return true;
        }
        String path = Request.getPathInContext(request);
        if (path.equals(Health.LIVE_PATH) || path.equals(Health.READY_PATH)) {
            // Outside the Host guard: a load balancer probes with the instance's address as Host, and the answer
            // (up, ready) is nothing a rebinding page could use.
            State now = state;
            health.answer(path, now == State.READY && !pluginsLoaded.getAsBoolean() ? State.STARTING : now, response,
                    callback);
            return true;
        }
        // "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."
        String refusal = guard.check(request.getHeaders().getValuesList(HttpHeader.HOST),
                request.getHeaders().getValuesList(HttpHeader.ORIGIN));
        if (refusal != null) {
            refusals.log(Level.WARN, refusal, "refused " + request.getMethod() + " " + path + ": " + refusal);
            ErrorReplies.refuse(request, response, callback, 403, ErrorCodes.INVALID_REQUEST, refusal);
            return true;
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null) {
            // The guard let this origin through, so a browser page there may read the answer.
            if (Cors.isPreflight(request)) {
                Cors.preflight(request, response, origin);
                response.setStatus(204);
                callback.succeeded();
                return true;
            }
            Cors.allow(response, origin);
        }
        try {
            Handler extra = route(path);
            if (extra != null) {
                if (guardedRoutes.contains(extra)) {
                    if (!admitted(request, response, callback)) return true;
                    if (request.getAttribute(McpGuard.IDENTITY_ATTRIBUTE) instanceof Identity identity) {
                        Handler guarded = extra;
                        boolean handled = ScopedValue.where(RequestIdentity.CURRENT, identity)
                                .call(() -> guarded.handle(request, response, callback));
                        if (!handled) {
                            ErrorReplies.refuse(request, response, callback, 404, ErrorCodes.INVALID_REQUEST,
                                    "Not found: " + path);
                        }
                        return true;
                    }
                }
                if (!extra.handle(request, response, callback)) {
                    ErrorReplies.refuse(request, response, callback, 404, ErrorCodes.INVALID_REQUEST,
                            "Not found: " + path);
                }
                return true;
            }
            boolean mcp = options.streamableHttp() && path.equals(options.path())
                    || options.legacySse() && (path.equals(LegacySseEndpoint.SSE_PATH)
                    || path.equals(LegacySseEndpoint.MESSAGES_PATH));
            if (mcp && refusedWhile(state, request, path)) {
                response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
                ErrorReplies.refuse(request, response, callback, 503, ErrorCodes.SERVER_BUSY, state == State.STARTING
                        ? "Service unavailable: the server is still loading its plugins; retry in a moment"
                        : "Service unavailable: the server is shutting down; retry on another instance or later");
                return true;
            }
            if (mcp && !admitted(request, response, callback)) return true;
            // What the session admits while this runs knows who sent it (RequestContext.identity()) and from where
            // (the call log's audit fields).
            var bound = ScopedValue.where(RequestIdentity.ADDRESS, Request.getRemoteAddr(request));
            if (request.getAttribute(McpGuard.IDENTITY_ATTRIBUTE) instanceof Identity identity) {
                bound = bound.where(RequestIdentity.CURRENT, identity);
            }
            bound.call(() -> {
                endpoint(path, request, response, callback);
                return null;
            });
        } catch (Exception e) {
            boolean unreadable = e instanceof IOException || e instanceof HttpException;
            if (unreadable) {
                // The body broke mid-way (a bad chunk, an early end): the client's mistake or its departure, not ours.
                log.debug("{} {}: the request body could not be read: {}", request.getMethod(), path, e.toString());
            } else {
                log.warn("{} {} failed", request.getMethod(), path, e);
            }
            if (response.isCommitted()) {
                callback.failed(e);
            } else if (unreadable) {
                ErrorReplies.refuse(request, response, callback, 400, ErrorCodes.INVALID_REQUEST,
                        "Bad request: the request body could not be read (malformed chunked encoding or an early end)");
            } else {
                ErrorReplies.refuse(request, response, callback, 500, ErrorCodes.INTERNAL_ERROR, "Internal error");
            }
        }
        return true;
    }
}
