package dev.jmcp.server.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Moves values between JSON trees and the Java types of annotated methods. Lenient on input (unknown members ignored,
 * enum constants matched ignoring case), since the arguments were already checked against the generated schema;
 * writes enums by {@link Enum#name()} to agree with that schema, and leaves null members out.
 *
 * <p>One instance per declaration ({@link AnnotatedMethods#declare}), owned by the handlers declared with it: its
 * mapper caches the plugin's own classes (resolved types, readers and writers of its records and enums), so it must
 * be reachable only from that plugin's handlers and be collected with them when the plugin is replaced. Never make
 * it static or share it between plugins. Thread-safe.
 */
final class JavaValues {
    private final ObjectMapper mapper = Mappers.unshared()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.USE_DEFAULTS))
            .build();

    /** Resolved once per parameter at declare time; {@link #read} of this same instance then only converts. */
    JavaType type(Type type) {
        return mapper.getTypeFactory().constructType(type);
    }

    /** {@code value} (a JSON tree) as {@code type}; throws {@link IllegalArgumentException} naming {@code what}. */
    Object read(Object value, JavaType type, String what) {
        // A string, boolean or integer argument read as its own type is that very value: Jackson's conversion would
        // write it to a token buffer and read it back on every call.
        if (value != null && isItself(value.getClass(), type.getRawClass())) return value;
        try {
            return mapper.convertValue(value, type);
        } catch (IllegalArgumentException e) {
            String reason = e.getCause() instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(what + " cannot be read: " + reason, e);
        }
    }

    private static boolean isItself(Class<?> value, Class<?> type) {
        return value == String.class ? type == String.class
                : value == Boolean.class ? type == Boolean.class || type == boolean.class
                : value == Integer.class ? type == Integer.class || type == int.class
                : value == Long.class && (type == Long.class || type == long.class);
    }

    /** {@code value} as a JSON tree: a map, list, string, number, boolean or null. */
    Object tree(Object value) {
        return mapper.convertValue(value, Object.class);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> object(Object value) {
        return mapper.convertValue(value, LinkedHashMap.class);
    }

    String json(Object tree) {
        try {
            return mapper.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
