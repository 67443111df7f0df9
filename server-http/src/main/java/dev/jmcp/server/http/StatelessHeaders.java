package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.server.session.ServedMethod;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * The 2026-07-28 request headers that mirror the body: {@code Mcp-Method} (every request) and {@code Mcp-Name} (the
 * target of a method whose row of the method table is {@linkplain ServedMethod.Trait#NAMED_IN_HEADER named in the
 * header}: {@code params.name} of {@code tools/call} and {@code prompts/get}, {@code params.uri} of
 * {@code resources/read}, {@code params.taskId} of {@code tasks/get|update|cancel}). "Servers that process the request body MUST reject
 * requests where the values specified in the headers do not match the corresponding values in the request body."
 * Header names are matched case-insensitively by Jetty; values are compared case-sensitively. Stateless.
 */
final class StatelessHeaders {
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";

    private StatelessHeaders() {
    }

    /**
     * A mirrored header sent more than once, or null. Two {@code Mcp-Method} lines could let a proxy route on one value
     * while the body is checked against the other — the mismatch these headers exist to rule out.
     */
    static String repeated(org.eclipse.jetty.http.HttpFields headers) {
        for (var field : headers) {
            String name = field.getName();
            boolean mirrored = name.equalsIgnoreCase(METHOD) || name.equalsIgnoreCase(NAME)
                    || name.regionMatches(true, 0, "Mcp-Param-", 0, "Mcp-Param-".length())
                    || name.equalsIgnoreCase("MCP-Protocol-Version");
            if (mirrored && headers.getValuesList(name).size() > 1) {
                return "Header mismatch: the " + name + " header is sent more than once; send it once";
            }
        }
        return null;
    }

    /**
     * What is wrong with the mirrored headers of {@code request}, served as {@code served} says (null: a method the
     * server does not serve, whose target nothing names), or null when they match its body.
     */
    static String mismatch(String methodHeader, String nameHeader, JsonRpcRequest request, ServedMethod served) {
        if (methodHeader == null) {
            return "Header mismatch: the " + METHOD + " header is missing; send " + METHOD + ": " + request.method();
        }
        String method = trim(methodHeader);
        if (!method.equals(request.method())) {
            return "Header mismatch: " + METHOD + " header value '" + method + "' does not match body method '"
                    + request.method() + "'";
        }
        String field = nameField(served);
        if (field == null) return null;
        // A body without the field is the engine's to refuse (-32602); there is nothing to compare the header with.
        if (!(body(request.params(), field) instanceof String expected)) return null;
        if (nameHeader == null) {
            return "Header mismatch: the " + NAME + " header is missing; " + request.method() + " needs it to carry params."
                    + field;
        }
        String name = decode(trim(nameHeader));
        if (name == null) {
            return "Header mismatch: " + NAME + " header value '" + nameHeader.strip() + "' is not valid Base64 inside "
                    + SENTINEL_START + "…" + SENTINEL_END;
        }
        if (!name.equals(expected)) {
            return "Header mismatch: " + NAME + " header value '" + name + "' does not match body params." + field + " '"
                    + expected + "'";
        }
        return null;
    }

    /**
     * What is wrong with the {@code Mcp-Param-{Name}} headers of a {@code tools/call} of a tool whose input schema
     * marks properties with {@code x-mcp-header}, or null when they match the arguments. A property reached through
     * {@code properties} alone is mirrored; a value present in the arguments needs its header ("Client omits header but
     * value is in body: Server MUST reject the request"), an absent or null one needs none.
     */
    static String paramMismatch(java.util.function.Function<String, String> headers, Map<String, Object> schema,
                                Map<String, Object> arguments) {
        return mirrored(headers, schema, arguments == null ? Map.of() : arguments);
    }

    private static String mirrored(java.util.function.Function<String, String> headers, Object schema,
                                   Object arguments) {
        if (!(schema instanceof Map<?, ?> node) || !(node.get("properties") instanceof Map<?, ?> properties)) return null;
        for (var entry : properties.entrySet()) {
            Object value = arguments instanceof Map<?, ?> args ? args.get(entry.getKey()) : null;
            if (entry.getValue() instanceof Map<?, ?> property && property.get("x-mcp-header") instanceof String name
                    && value != null) {
                String header = "Mcp-Param-" + name;
                String sent = headers.apply(header);
                if (sent == null) {
                    return "Header mismatch: the " + header + " header is missing; argument '" + entry.getKey()
                            + "' is in the body, so it must be mirrored there";
                }
                String decoded = decode(trim(sent));
                if (decoded == null) {
                    return "Header mismatch: " + header + " header value '" + sent.strip() + "' is not valid Base64 inside "
                            + SENTINEL_START + "…" + SENTINEL_END;
                }
                String expected = value instanceof String s ? s : String.valueOf(value);
                if (!decoded.equals(expected)) {
                    return "Header mismatch: " + header + " header value '" + decoded + "' does not match argument '"
                            + entry.getKey() + "' '" + expected + "'";
                }
            }
            String nested = mirrored(headers, entry.getValue(), value);
            if (nested != null) return nested;
        }
        return null;
    }

    /** The body field {@code Mcp-Name} mirrors for {@code method}, or null when the method has no such header. */
    static String nameField(ServedMethod method) {
        return method != null && method.is(ServedMethod.Trait.NAMED_IN_HEADER) ? method.target().field() : null;
    }

    /**
     * A header value as sent, or decoded from the {@code =?base64?…?=} sentinel form ("servers MUST decode an encoded
     * Mcp-Name or Mcp-Param-{Name} value before comparing it"); null when the sentinel holds no valid, padded Base64.
     */
    static String decode(String value) {
        if (!value.startsWith(SENTINEL_START) || !value.endsWith(SENTINEL_END)
                || value.length() < SENTINEL_START.length() + SENTINEL_END.length()) {
            return value;
        }
        String encoded = value.substring(SENTINEL_START.length(), value.length() - SENTINEL_END.length());
        // Java's decoder tolerates missing padding; the header form does not.
        if (encoded.length() % 4 != 0) return null;
        try {
            return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Drops the optional whitespace (spaces, tabs) around a field value. */
    private static String trim(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && isOws(value.charAt(start))) start++;
        while (end > start && isOws(value.charAt(end - 1))) end--;
        return value.substring(start, end);
    }

    private static boolean isOws(char c) {
        return c == ' ' || c == '\t';
    }

    private static Object body(Map<String, Object> params, String field) {
        return params == null ? null : params.get(field);
    }
}
