package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed reads of a request's {@code params}, each failure a -32602 naming the field and what was expected.
 * Immutable view; cheap to create.
 */
public record Params(String method, Map<String, Object> values) {
    public Params {
        values = values == null ? Map.of() : values;
    }

    public String requireString(String name) {
        Object value = values.get(name);
        if (value instanceof String s) return s;
        throw invalid(name, value == null ? "is required" : "must be a string");
    }

    public String optionalString(String name) {
        Object value = values.get(name);
        if (value == null || value instanceof String) return (String) value;
        throw invalid(name, "must be a string");
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> optionalObject(String name) {
        Object value = values.get(name);
        if (value == null || value instanceof Map) return (Map<String, Object>) value;
        throw invalid(name, "must be an object");
    }

    public Map<String, Object> requireObject(String name) {
        Map<String, Object> value = optionalObject(name);
        if (value == null) throw invalid(name, "is required");
        return value;
    }

    /** An object whose values must all be strings (prompt arguments, completion context). */
    public Map<String, String> optionalStringMap(String name) {
        Map<String, Object> raw = optionalObject(name);
        if (raw == null) return Map.of();
        var result = new LinkedHashMap<String, String>(raw.size());
        for (var e : raw.entrySet()) {
            if (!(e.getValue() instanceof String s)) {
                throw invalid(name + "." + e.getKey(), "must be a string");
            }
            result.put(e.getKey(), s);
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    public List<Object> optionalList(String name) {
        Object value = values.get(name);
        if (value == null || value instanceof List) return (List<Object>) value;
        throw invalid(name, "must be an array");
    }

    /** {@code _meta.progressToken}: a string or an integer, or null when absent. */
    public Object progressToken() {
        Map<String, Object> meta = optionalObject("_meta");
        if (meta == null) return null;
        Object token = meta.get("progressToken");
        if (token == null || token instanceof String || token instanceof Integer || token instanceof Long) return token;
        throw invalid("_meta.progressToken", "must be a string or an integer");
    }

    public Params nested(String name) {
        return new Params(method, requireObject(name));
    }

    public JsonRpcException invalid(String field, String problem) {
        return JsonRpcException.invalidParams("Invalid params for " + method + ": '" + field + "' " + problem);
    }
}
