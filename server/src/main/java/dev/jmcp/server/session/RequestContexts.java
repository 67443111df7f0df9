package dev.jmcp.server.session;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the two {@link dev.jmcp.plugin.RequestContext}s (a stateful session's call, a stateless request) build alike.
 * Stateless.
 */
public final class RequestContexts {
    private RequestContexts() {
    }

    /** The params of {@code notifications/progress}; {@code message} only where the revision has it. */
    public static Map<String, Object> progress(Object token, double progress, Double total, String message,
                                               boolean withMessage) {
        var params = new LinkedHashMap<String, Object>();
        params.put("progressToken", token);
        params.put("progress", progress);
        if (total != null) params.put("total", total);
        if (message != null && withMessage) params.put("message", message);
        return params;
    }
}
