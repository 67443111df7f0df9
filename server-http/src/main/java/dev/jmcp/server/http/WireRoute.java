package dev.jmcp.server.http;

import dev.jmcp.protocol.ProtocolVersion;

import java.util.Map;

/**
 * Which wire a POST to the endpoint speaks. Both eras share one URL, so this is decided here, once, by the rule the
 * conformance suite's reference fixture uses:
 * <ul>
 * <li>an {@code Mcp-Session-Id} header → stateful;</li>
 * <li>neither an {@code MCP-Protocol-Version} header nor {@code params._meta} → stateful (an SDK's initialize);</li>
 * <li>no {@code params._meta} and a stateful revision in the header → stateful;</li>
 * <li>anything else → stateless (2026-07-28).</li>
 * </ul>
 * A request without a body (GET, DELETE) is stateless only when it names no session and its version header names a
 * revision that is not a stateful one.
 */
enum WireRoute {
    STATEFUL, STATELESS;

    static WireRoute of(String sessionId, String versionHeader, Object body) {
        if (sessionId != null) return STATEFUL;
        boolean meta = hasMeta(body);
        if (versionHeader == null && !meta) return STATEFUL;
        if (!meta && versionHeader != null && ProtocolVersion.statefulFromWire(versionHeader).isPresent()) return STATEFUL;
        return STATELESS;
    }

    /** The wire of a bodiless request (GET, DELETE). */
    static WireRoute ofBodiless(String sessionId, String versionHeader) {
        if (sessionId != null || versionHeader == null) return STATEFUL;
        return ProtocolVersion.statefulFromWire(versionHeader).isPresent() ? STATEFUL : STATELESS;
    }

    private static boolean hasMeta(Object body) {
        return body instanceof Map<?, ?> message && message.get("params") instanceof Map<?, ?> params
                && params.containsKey("_meta");
    }
}
