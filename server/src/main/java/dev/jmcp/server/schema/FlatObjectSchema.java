package dev.jmcp.server.schema;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The common tool schema, an object whose properties are each a plain string, boolean, integer or number, read once
 * when the schema is compiled, so that arguments which obviously conform are passed without the full validator (which
 * first turns the arguments into a tree of nodes, on every call). It only ever says "conforms": anything it is not sure
 * of (an unknown member, a value of another type, a keyword beyond the few it knows) goes to the full validator, which
 * then words every violation as before. Immutable and thread-safe.
 */
final class FlatObjectSchema {
    private static final Set<String> OBJECT_KEYWORDS = Set.of("type", "properties", "required", "additionalProperties",
            "description", "title", "$schema");
    private static final Set<String> PROPERTY_KEYWORDS = Set.of("type", "description", "title");
    private static final List<String> TEXT_KEYWORDS = List.of("title", "description", "$schema");

    private enum Kind { STRING, BOOLEAN, INTEGER, NUMBER }

    private final Map<String, Kind> properties;
    private final List<String> required;
    private final boolean closed;

    private FlatObjectSchema(Map<String, Kind> properties, List<String> required, boolean closed) {
        this.properties = properties;
        this.required = required;
        this.closed = closed;
    }

    /**
     * The fast check of {@code schema}, or null when it is not of the one shape this knows. A schema of that shape is
     * a valid JSON Schema of both dialects jmcp supports by construction (each keyword it may hold has a value of the
     * kind the meta-schemas ask for), so it needs no check against a meta-schema.
     */
    static FlatObjectSchema of(Map<String, Object> schema) {
        if (!OBJECT_KEYWORDS.containsAll(schema.keySet()) || !"object".equals(schema.get("type"))
                || !annotationsAreText(schema)) {
            return null;
        }
        Object additional = schema.get("additionalProperties");
        if (additional != null && !(additional instanceof Boolean)) return null;
        var kinds = new HashMap<String, Kind>();
        Object declared = schema.get("properties");
        if (declared != null) {
            if (!(declared instanceof Map<?, ?> members)) return null;
            for (var member : members.entrySet()) {
                if (!(member.getKey() instanceof String name) || !(member.getValue() instanceof Map<?, ?> property)
                        || !PROPERTY_KEYWORDS.containsAll(property.keySet()) || !annotationsAreText(property)) {
                    return null;
                }
                Kind kind = property.get("type") instanceof String type ? switch (type) {
                    case "string" -> Kind.STRING;
                    case "boolean" -> Kind.BOOLEAN;
                    case "integer" -> Kind.INTEGER;
                    case "number" -> Kind.NUMBER;
                    default -> null;
                } : null;
                if (kind == null) return null;
                kinds.put(name, kind);
            }
        }
        Object names = schema.get("required");
        List<String> required = List.of();
        if (names != null) {
            if (!(names instanceof List<?> list)) return null;
            // Both meta-schemas ask for names without repeats.
            if (list.size() != new java.util.HashSet<>(list).size()) return null;
            for (Object name : list) {
                if (!(name instanceof String)) return null;
            }
            @SuppressWarnings("unchecked")
            var strings = (List<String>) list;
            required = List.copyOf(strings);
        }
        return new FlatObjectSchema(Map.copyOf(kinds), required, Boolean.FALSE.equals(additional));
    }

    /**
     * Whether {@code title}, {@code description} and {@code $schema}, where present, are strings, and no member is
     * JSON's null (which no keyword of the shape takes, and which a map would show as absent).
     */
    private static boolean annotationsAreText(Map<?, ?> schema) {
        for (Object value : schema.values()) {
            if (value == null) return false;
        }
        for (String keyword : TEXT_KEYWORDS) {
            Object value = schema.get(keyword);
            if (value != null && !(value instanceof String)) return false;
        }
        return true;
    }

    /** True when {@code arguments} certainly conform; false when the full validator must decide. */
    boolean conforms(Map<String, Object> arguments) {
        for (int i = 0; i < required.size(); i++) {
            if (!arguments.containsKey(required.get(i))) return false;
        }
        for (var argument : arguments.entrySet()) {
            Kind kind = properties.get(argument.getKey());
            if (kind == null) {
                if (closed) return false;
                continue;
            }
            Object value = argument.getValue();
            boolean fits = switch (kind) {
                case STRING -> value instanceof String;
                case BOOLEAN -> value instanceof Boolean;
                case INTEGER -> value instanceof Integer || value instanceof Long || value instanceof BigInteger;
                case NUMBER -> value instanceof Number;
            };
            if (!fits) return false;
        }
        return true;
    }
}
