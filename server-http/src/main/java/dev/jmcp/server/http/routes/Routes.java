package dev.jmcp.server.http.routes;

import org.eclipse.jetty.server.Handler;

/**
 * What jmcp's own packages add to an HTTP transport before it starts: handlers beside MCP (the console, the
 * authorization metadata document) and guards in front of it (authorization). These speak Jetty, so they are kept off
 * the public API of {@link dev.jmcp.server.http.HttpTransport}, which embedders see: a transport registers its routes
 * here when it is made, and {@link #of} finds them. Implementations are thread-safe; call before the transport starts.
 */
public interface Routes {

    /**
     * Serves {@code handler} at {@code path} beside MCP: an exact path, or every path under a prefix ending in
     * {@code /}. The Host/Origin guard runs first, MCP guards do not. A handler that returns {@code false} gets a 404.
     */
    void route(String path, Handler handler);

    /** As {@link #route}, and the request passes the MCP guards first (authorization), as MCP requests do. */
    void guardedRoute(String path, Handler handler);

    /** Adds {@code guard} to the checks every request to an MCP endpoint passes, in order (authorization). */
    void guard(McpGuard guard);

    /**
     * Checks each JSON-RPC request by method and params once its body is read, on every transport (per-tool, prompt or
     * resource authorization). One guard.
     */
    void callGuard(CallGuard guard);

    /**
     * The routes of {@code transport}, an {@link dev.jmcp.server.http.HttpTransport}.
     *
     * @throws IllegalArgumentException when it is none
     */
    static Routes of(Object transport) {
        Routes routes = RouteTable.BY_TRANSPORT.get(transport);
        if (routes == null) throw new IllegalArgumentException("not an HTTP transport of this server: " + transport);
        return routes;
    }

    /**
     * Called by a transport as it is made. {@code routes} must not refer to {@code transport}: the table holds
     * transports weakly, so that one no longer used is collected with its entry.
     */
    static void register(Object transport, Routes routes) {
        RouteTable.BY_TRANSPORT.put(transport, routes);
    }
}
