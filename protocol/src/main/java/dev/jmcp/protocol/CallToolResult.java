package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * The result of {@code tools/call}. {@code isError} true means the tool failed (channel one of three: a result, not
 * a JSON-RPC error). {@code structuredContent} is a JSON tree matching the tool's {@code outputSchema}: an object
 * in the stateful revisions, any JSON value from 2026-07-28 on.
 */
public record CallToolResult(List<Content> content, Object structuredContent, Boolean isError,
                             Map<String, Object> meta) {
    public CallToolResult {
        content = content == null ? List.of() : List.copyOf(content);
    }

    public static CallToolResult text(String text) {
        return new CallToolResult(List.of(new TextContent(text)), null, null, null);
    }

    public static CallToolResult of(Content... content) {
        return new CallToolResult(List.of(content), null, null, null);
    }

    public static CallToolResult error(String message) {
        return new CallToolResult(List.of(new TextContent(message)), null, true, null);
    }

    public boolean failed() {
        return Boolean.TRUE.equals(isError);
    }
}
