package dev.jmcp.protocol.jsonrpc;

import java.util.Map;

/** A notification: no id, never answered. {@code params} may be null. */
public record JsonRpcNotification(String method, Map<String, Object> params) implements JsonRpcMessage {
    public JsonRpcNotification {
        if (method == null || method.isEmpty()) throw new IllegalArgumentException("a notification needs a method");
    }
}
