package dev.jmcp.protocol.jsonrpc;

import java.util.Map;

/**
 * A successful response. {@code result} is a JSON object: a {@code Map} tree, or a protocol record the codec maps
 * (so a handler's record is written once, not copied into a tree first). An empty map for an empty result.
 */
public record JsonRpcResponse(RequestId id, Object result) implements JsonRpcAnswer {
    public JsonRpcResponse {
        if (id == null) throw new IllegalArgumentException("a response needs the id of its request");
        result = result == null ? Map.of() : result;
    }
}
