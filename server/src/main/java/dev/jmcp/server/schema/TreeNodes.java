package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Builds the validator's node tree straight from a parsed JSON tree, one node per value, without the token buffer a
 * mapper's conversion goes through: this runs for every tool call. Returns null for a value that is not a plain tree,
 * so the caller converts it the general way. Stateless and thread-safe.
 */
final class TreeNodes {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private TreeNodes() {
    }

    static JsonNode of(Object value) {
        return switch (value) {
            case null -> NODES.nullNode();
            case String s -> NODES.textNode(s);
            case Boolean b -> NODES.booleanNode(b);
            case Integer i -> NODES.numberNode(i);
            case Long l -> NODES.numberNode(l);
            case Double d -> NODES.numberNode(d);
            case BigInteger b -> NODES.numberNode(b);
            case BigDecimal b -> NODES.numberNode(b);
            case Map<?, ?> map -> object(map);
            case List<?> list -> array(list);
            default -> null;
        };
    }

    private static JsonNode object(Map<?, ?> map) {
        ObjectNode node = NODES.objectNode();
        for (var entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) return null;
            JsonNode child = of(entry.getValue());
            if (child == null) return null;
            node.set(key, child);
        }
        return node;
    }

    private static JsonNode array(List<?> list) {
        ArrayNode node = NODES.arrayNode(list.size());
        for (Object item : list) {
            JsonNode child = of(item);
            if (child == null) return null;
            node.add(child);
        }
        return node;
    }
}
