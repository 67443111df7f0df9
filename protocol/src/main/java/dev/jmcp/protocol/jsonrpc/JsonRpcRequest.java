package dev.jmcp.protocol.jsonrpc;

import java.util.Map;

/** A request: expects exactly one response with the same id. {@code params} may be null. */
public record JsonRpcRequest(RequestId id, String method, Map<String, Object> params) implements JsonRpcMessage {
    public JsonRpcRequest {
        if (id == null) throw new IllegalArgumentException("a request needs an id");
        if (method == null || method.isEmpty()) throw new IllegalArgumentException("a request needs a method");
    }
}
