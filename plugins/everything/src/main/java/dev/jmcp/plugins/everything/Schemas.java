package dev.jmcp.plugins.everything;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the small JSON Schema trees the fixture's tools and forms declare, in a stable key order. */
final class Schemas {
    private Schemas() {
    }

    /** {@code {type: object, properties, required}}; {@code required} is left out when empty. */
    static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        var schema = new LinkedHashMap<String, Object>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) schema.put("required", List.copyOf(required));
        return schema;
    }

    static Map<String, Object> string(String description) {
        return typed("string", description);
    }

    static Map<String, Object> typed(String type, String description) {
        var schema = new LinkedHashMap<String, Object>();
        schema.put("type", type);
        schema.put("description", description);
        return schema;
    }

    /** An ordered map from alternating keys and values, for readable literal schemas of more than ten keys. */
    static Map<String, Object> ordered(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) throw new IllegalArgumentException("keys and values must pair up");
        var map = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
