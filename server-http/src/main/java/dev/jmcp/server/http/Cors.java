package dev.jmcp.server.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;

/**
 * Cross-origin access for browser pages on an allowed origin (the Router's guard has already refused every other
 * origin): preflights are answered, and answers say which origin may read them and which MCP headers it may see.
 * Stateless.
 */
final class Cors {
    /** What a page must read: the session to send back, the negotiated revision, and why authorization failed. */
    static final String EXPOSED = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate";
    static final String METHODS = "GET, POST, DELETE, OPTIONS";
    /** The headers MCP requests carry; a preflight asking for others (the 2026-07-28 Mcp-Param-*) gets them echoed. */
    static final String HEADERS = "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, "
            + "Last-Event-ID, Mcp-Method, Mcp-Name";
    static final String MAX_AGE = "600";

    private Cors() {
    }

    static boolean isPreflight(Request request) {
        return HttpMethod.OPTIONS.is(request.getMethod())
                && request.getHeaders().get(HttpHeader.ACCESS_CONTROL_REQUEST_METHOD) != null;
    }

    static void preflight(Request request, Response response, String origin) {
        allow(response, origin);
        var headers = response.getHeaders();
        headers.put(HttpHeader.ACCESS_CONTROL_ALLOW_METHODS, METHODS);
        String asked = request.getHeaders().get(HttpHeader.ACCESS_CONTROL_REQUEST_HEADERS);
        headers.put(HttpHeader.ACCESS_CONTROL_ALLOW_HEADERS, asked == null || asked.isBlank() ? HEADERS : asked);
        headers.put(HttpHeader.ACCESS_CONTROL_MAX_AGE, MAX_AGE);
    }

    static void allow(Response response, String origin) {
        var headers = response.getHeaders();
        headers.put(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.put(HttpHeader.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED);
        headers.add(HttpHeader.VARY, "Origin");
    }
}
