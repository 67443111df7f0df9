package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    Router(HttpOptions options, StreamableEndpoint streamable, LegacySseEndpoint legacy) {
        this.options = options;
        this.guard = new OriginGuard(options.host(), options.allowedOrigins());
        this.streamable = streamable;
        this.legacy = legacy;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        // "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."
        String refusal = guard.check(request.getHeaders().get(HttpHeader.HOST), request.getHeaders().get(HttpHeader.ORIGIN));
        if (refusal != null) {
            log.warn("refused {} {}: {}", request.getMethod(), request.getHttpURI().getPath(), refusal);
            ErrorReplies.send(response, callback, 403, ErrorCodes.INVALID_REQUEST, refusal);
            return true;
        }
        String path = Request.getPathInContext(request);
        try {
            if (options.streamableHttp() && path.equals(options.path())) {
                streamable.handle(request, response, callback);
            } else if (options.legacySse() && path.equals(LegacySseEndpoint.SSE_PATH)) {
                legacy.openStream(request, response, callback);
            } else if (options.legacySse() && path.equals(LegacySseEndpoint.MESSAGES_PATH)) {
                legacy.post(request, response, callback);
            } else {
                ErrorReplies.send(response, callback, 404, ErrorCodes.INVALID_REQUEST,
                        "Not found: no MCP endpoint at " + path);
            }
        } catch (Exception e) {
            log.warn("{} {} failed", request.getMethod(), path, e);
            if (!response.isCommitted()) {
                ErrorReplies.send(response, callback, 500, ErrorCodes.INTERNAL_ERROR, "Internal error: " + e.getMessage());
            } else {
                callback.failed(e);
            }
        }
        return true;
    }
}
