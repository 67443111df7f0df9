package dev.jmcp.server.schema;

import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.TextResourceContents;

import java.lang.reflect.Method;
import java.util.Base64;
import java.util.List;

/**
 * How a resource method's return value becomes a {@link ReadResourceResult}: a {@code String} is text contents, a
 * {@code byte[]} blob contents (base64), both with the declared MIME type and the URI that was read; a
 * {@code ReadResourceResult} is the answer as is. Immutable.
 */
@FunctionalInterface
interface ResourceReturn {
    ReadResourceResult result(String uri, Object value);

    static ResourceReturn of(Method method, String mimeType) {
        Class<?> type = method.getReturnType();
        if (type == ReadResourceResult.class) return (uri, value) -> (ReadResourceResult) value;
        if (type == String.class) {
            return (uri, value) -> new ReadResourceResult(List.of(new TextResourceContents(uri, mimeType, (String) value)));
        }
        if (type == byte[].class) {
            return (uri, value) -> new ReadResourceResult(List.of(
                    new BlobResourceContents(uri, mimeType, Base64.getEncoder().encodeToString((byte[]) value))));
        }
        throw Parameters.problem(method, "a resource returns String, byte[] or ReadResourceResult, not "
                + method.getGenericReturnType().getTypeName());
    }
}
