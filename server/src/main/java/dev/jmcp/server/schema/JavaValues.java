package dev.jmcp.server.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Moves values between JSON trees and the Java types of annotated methods. Lenient on input (unknown members ignored,
 * enum constants matched ignoring case), since the arguments were already checked against the generated schema;
 * writes enums by {@link Enum#name()} to agree with that schema, and leaves null members out. Thread-safe.
 */
final class JavaValues {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private JavaValues() {
    }

    /** Resolved once per parameter at declare time; {@link #read} then only converts. */
    static JavaType type(Type type) {
        return MAPPER.getTypeFactory().constructType(type);
    }

    /** {@code value} (a JSON tree) as {@code type}; throws {@link IllegalArgumentException} naming {@code what}. */
    static Object read(Object value, JavaType type, String what) {
        try {
            return MAPPER.convertValue(value, type);
        } catch (IllegalArgumentException e) {
            String reason = e.getCause() instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(what + " cannot be read: " + reason, e);
        }
    }

    /** {@code value} as a JSON tree: a map, list, string, number, boolean or null. */
    static Object tree(Object value) {
        return MAPPER.convertValue(value, Object.class);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return MAPPER.convertValue(value, LinkedHashMap.class);
    }

    static String json(Object tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
