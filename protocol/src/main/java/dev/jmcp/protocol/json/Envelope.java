package dev.jmcp.protocol.json;

import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.math.BigInteger;
import java.util.Map;

/** Reads the JSON-RPC 2.0 envelope out of a parsed tree, naming exactly what is wrong when it does not fit. */
final class Envelope {
    private Envelope() {
    }

    @SuppressWarnings("unchecked")
    static JsonRpcMessage read(Object tree) {
        if (!(tree instanceof Map<?, ?> raw)) {
            throw new InvalidMessageException(null, "expected a JSON object, got " + kind(tree));
        }
        var object = (Map<String, Object>) raw;
        boolean hasId = object.containsKey("id");
        RequestId id = hasId ? readId(object.get("id")) : null;
        if (!"2.0".equals(object.get("jsonrpc"))) {
            throw new InvalidMessageException(id, "\"jsonrpc\" must be \"2.0\"");
        }
        Object method = object.get("method");
        if (method != null) {
            if (!(method instanceof String name) || name.isEmpty()) {
                throw new InvalidMessageException(id, "\"method\" must be a non-empty string");
            }
            Object params = object.get("params");
            if (params != null && !(params instanceof Map)) {
                throw new InvalidMessageException(id, "\"params\" must be an object, got " + kind(params));
            }
            if (!hasId) return new JsonRpcNotification(name, (Map<String, Object>) params);
            if (id == null) throw new InvalidMessageException(null, "\"id\" must be a string or an integer, not null");
            return new JsonRpcRequest(id, name, (Map<String, Object>) params);
        }
        if (object.containsKey("result")) {
            if (id == null) throw new InvalidMessageException(null, "a response needs a string or integer \"id\"");
            if (object.containsKey("error")) throw new InvalidMessageException(id, "a response has \"result\" or \"error\", not both");
            return new JsonRpcResponse(id, object.get("result"));
        }
        if (object.get("error") instanceof Map<?, ?> error) {
            Object code = error.get("code");
            Object message = error.get("message");
            if (!(code instanceof Integer c) || !(message instanceof String m)) {
                throw new InvalidMessageException(id, "an error needs an integer \"code\" and a string \"message\"");
            }
            return new JsonRpcErrorResponse(id, new JsonRpcError(c, m, error.get("data")));
        }
        throw new InvalidMessageException(id, "expected \"method\" (request or notification), \"result\" or \"error\"");
    }

    private static RequestId readId(Object id) {
        if (id == null) return null;
        return RequestId.fromTree(id).orElseThrow(() -> new InvalidMessageException(null, id instanceof BigInteger
                ? "\"id\" " + id + " is out of range" : "\"id\" must be a string or an integer, got " + kind(id)));
    }

    static String kind(Object value) {
        return switch (value) {
            case null -> "null";
            case Map<?, ?> m -> "an object";
            case java.util.List<?> l -> "an array";
            case String s -> "a string";
            case Boolean b -> "a boolean";
            case Number n -> "a number";
            default -> value.getClass().getSimpleName();
        };
    }
}
