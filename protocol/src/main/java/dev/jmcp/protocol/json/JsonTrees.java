package dev.jmcp.protocol.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.TypeFactory;

import java.util.List;
import java.util.Map;

/**
 * JSON trees at the plugin boundary. A plugin may hand the server its own records or enums where a JSON tree is
 * expected (a schema listing enum constants, structured content, log data). Written by the shared codec, such a value
 * would leave its class in the codec's caches and pin the plugin's class loader after a reload; {@link #plain} turns it
 * into a plain tree with a mapper used once, so no cache outlives the call. Thread-safe.
 */
public final class JsonTrees {
    private JsonTrees() {
    }

    /** True when {@code value} holds only maps with string keys, lists, strings, numbers, booleans and nulls. */
    public static boolean isPlain(Object value) {
        return switch (value) {
            case null -> true;
            case String s -> true;
            case Boolean b -> true;
            case Integer i -> true;
            case Long l -> true;
            case Double d -> true;
            case Float f -> true;
            case Short s -> true;
            case Byte b -> true;
            case java.math.BigInteger b -> true;
            case java.math.BigDecimal b -> true;
            case Map<?, ?> map -> plainMap(map);
            case List<?> list -> plainList(list);
            default -> false;
        };
    }

    private static boolean plainMap(Map<?, ?> map) {
        for (var entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String) || !isPlain(entry.getValue())) return false;
        }
        return true;
    }

    private static boolean plainList(List<?> list) {
        for (Object item : list) {
            if (!isPlain(item)) return false;
        }
        return true;
    }

    /** {@code value} itself when plain; otherwise its JSON tree, made without touching any shared cache. */
    public static Object plain(Object value) {
        if (isPlain(value)) return value;
        ObjectMapper once = JsonMapper.builder()
                .typeFactory(TypeFactory.createDefaultInstance())
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .build();
        return once.convertValue(value, Object.class);
    }

    /** {@link #plain} for a value that must be an object, e.g. a schema or {@code _meta}. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> plainObject(Map<String, Object> value) {
        return value == null ? null : (Map<String, Object>) plain(value);
    }
}
