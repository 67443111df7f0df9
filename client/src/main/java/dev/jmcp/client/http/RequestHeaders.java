package dev.jmcp.client.http;

import dev.jmcp.protocol.NamedTarget;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The request metadata headers of Streamable HTTP from 2026-07-28 on: {@code Mcp-Method}, {@code Mcp-Name}, and the
 * {@code Mcp-Param-*} headers mirroring the arguments a tool's input schema marks with {@code x-mcp-header}. Pure
 * functions; thread-safe.
 */
final class RequestHeaders {
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    static final String PARAM_PREFIX = "Mcp-Param-";
    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";
    /** RFC 9110 token characters besides letters and digits: what a header name may hold. */
    private static final String TOKEN_PUNCTUATION = "!#$%&'*+-.^_`|~";

    private RequestHeaders() {
    }

    /**
     * {@code Mcp-Name}'s value for a request: the {@code params} field {@link NamedTarget} names for the method
     * ({@code name}, {@code uri}, or in the tasks extension {@code taskId}), if it has one.
     */
    static Optional<String> name(String method, Map<String, Object> params) {
        String field = NamedTarget.field(method);
        if (params == null || field == null) return Optional.empty();
        return params.get(field) instanceof String s ? Optional.of(encode(s)) : Optional.empty();
    }

    /**
     * The header names a tool's input schema asks to mirror (argument name → header suffix), or empty when a
     * mark is invalid: "Clients using the Streamable HTTP transport MUST reject tool definitions where any
     * x-mcp-header value violates these constraints."
     *
     * @return the mapping, or {@link Optional#empty()} for a tool to reject
     */
    static Optional<Map<String, String>> mirrored(Map<String, Object> inputSchema) {
        var mapping = new LinkedHashMap<String, String>();
        if (inputSchema == null || !(inputSchema.get("properties") instanceof Map<?, ?> properties)) {
            return Optional.of(mapping);
        }
        var seen = new HashSet<String>();
        for (var property : properties.entrySet()) {
            if (!(property.getValue() instanceof Map<?, ?> schema) || !schema.containsKey("x-mcp-header")) continue;
            if (!(schema.get("x-mcp-header") instanceof String header) || !isToken(header)) return Optional.empty();
            // Only primitive values go in a header, and a number's text is not canonical: string, integer, boolean.
            Object type = schema.get("type");
            if (!"string".equals(type) && !"integer".equals(type) && !"boolean".equals(type)) return Optional.empty();
            if (!seen.add(header.toLowerCase(Locale.ROOT))) return Optional.empty();
            mapping.put(String.valueOf(property.getKey()), header);
        }
        return Optional.of(mapping);
    }

    /** The {@code Mcp-Param-*} headers for one call: a header per marked argument that has a non-null value. */
    static Map<String, String> params(Map<String, String> mirrored, Object arguments) {
        var headers = new LinkedHashMap<String, String>();
        if (!(arguments instanceof Map<?, ?> values)) return headers;
        mirrored.forEach((argument, header) -> {
            Object value = values.get(argument);
            if (value == null) return;
            String text = value instanceof Boolean b ? (b ? "true" : "false")
                    : value instanceof Number n ? numberText(n) : String.valueOf(value);
            headers.put(PARAM_PREFIX + header, encode(text));
        });
        return headers;
    }

    private static String numberText(Number n) {
        double d = n.doubleValue();
        return d == Math.rint(d) && !Double.isInfinite(d) ? Long.toString(n.longValue()) : n.toString();
    }

    /**
     * A value as a header carries it: as is when it is plain visible ASCII (inner spaces allowed), otherwise
     * {@code =?base64?...?=}. "Clients MUST also Base64-encode any plain-ASCII value that matches the sentinel
     * pattern."
     */
    static String encode(String value) {
        boolean safe = !value.isEmpty() && value.charAt(0) != ' ' && value.charAt(value.length() - 1) != ' '
                && !(value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END));
        for (int i = 0; safe && i < value.length(); i++) {
            char c = value.charAt(i);
            safe = c >= 0x20 && c <= 0x7E;
        }
        if (safe || value.isEmpty()) return value;
        return SENTINEL_START + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + SENTINEL_END;
    }

    private static boolean isToken(String name) {
        if (name.isEmpty()) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c < 0x80 && (Character.isLetterOrDigit(c) || TOKEN_PUNCTUATION.indexOf(c) >= 0);
            if (!ok) return false;
        }
        return true;
    }
}
