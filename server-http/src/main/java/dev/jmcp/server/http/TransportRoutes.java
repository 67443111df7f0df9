package dev.jmcp.server.http;

import dev.jmcp.server.http.routes.CallGuard;
import dev.jmcp.server.http.routes.McpGuard;
import dev.jmcp.server.http.routes.Routes;
import org.eclipse.jetty.server.Handler;

/**
 * The {@link Routes} of one {@link HttpTransport}: its router and endpoints, not the transport itself (the table of
 * routes holds transports weakly). Thread-safe as they are.
 */
record TransportRoutes(Router router, StreamableEndpoint streamable, LegacySseEndpoint legacy) implements Routes {

    @Override
    public void route(String path, Handler handler) {
        router.route(path, handler);
    }

    @Override
    public void guardedRoute(String path, Handler handler) {
        router.guardedRoute(path, handler);
    }

    @Override
    public void guard(McpGuard guard) {
        router.guard(guard);
    }

    @Override
    public void callGuard(CallGuard guard) {
        streamable.callGuard(guard);
        legacy.callGuard(guard);
    }
}
