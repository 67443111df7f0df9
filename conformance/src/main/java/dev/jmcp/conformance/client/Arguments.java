package dev.jmcp.conformance.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plausible arguments for a tool from its input schema: a value of the right type for every required property. */
final class Arguments {
    private Arguments() {
    }

    static Map<String, Object> plausible(Map<String, Object> inputSchema) {
        var arguments = new LinkedHashMap<String, Object>();
        Object properties = inputSchema.get("properties");
        Object required = inputSchema.get("required");
        if (!(properties instanceof Map<?, ?> props) || !(required instanceof List<?> names)) return arguments;
        for (Object name : names) {
            if (props.get(name) instanceof Map<?, ?> schema) arguments.put(String.valueOf(name), valueFor(schema));
        }
        return arguments;
    }

    private static Object valueFor(Map<?, ?> schema) {
        if (schema.containsKey("default")) return schema.get("default");
        if (schema.get("enum") instanceof List<?> values && !values.isEmpty()) return values.getFirst();
        return switch (String.valueOf(schema.get("type"))) {
            case "number" -> 5;
            case "integer" -> 3;
            case "boolean" -> true;
            case "array" -> List.of();
            case "object" -> Map.of();
            default -> "test";
        };
    }
}
