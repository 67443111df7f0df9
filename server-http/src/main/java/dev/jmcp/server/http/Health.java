package dev.jmcp.server.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Liveness and readiness for load balancers and orchestrators: {@code GET /health} answers 200 while the process
 * serves HTTP at all; {@code GET /ready} answers 200 only while MCP requests are served (plugins loaded, not shutting
 * down), else 503. Outside the MCP path, the Host guard and authorization. Stateless.
 */
final class Health {
    static final String LIVE_PATH = "/health";
    static final String READY_PATH = "/ready";

    private static final byte[] UP = "{\"status\":\"up\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] READY = "{\"status\":\"ready\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STARTING = "{\"status\":\"starting\",\"reason\":\"loading plugins\"}"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DRAINING = "{\"status\":\"draining\",\"reason\":\"shutting down\"}"
            .getBytes(StandardCharsets.US_ASCII);

    void answer(String path, Router.State state, Response response, Callback callback) {
        byte[] body;
        int status;
        if (path.equals(LIVE_PATH)) {
            status = 200;
            body = UP;
        } else {
            status = state == Router.State.READY ? 200 : 503;
            body = switch (state) {
                case READY -> READY;
                case STARTING -> STARTING;
                case DRAINING -> DRAINING;
            };
        }
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
