package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * The result of a tool the model asked for, sent back to it (sampling with tools, 2025-11-25): {@code toolUseId} is
 * the {@link ToolUseContent#id()} it answers; {@code content} and {@code structuredContent} are as in a
 * {@link CallToolResult}, and {@code isError} (null: false) says the call failed.
 */
public record ToolResultContent(String toolUseId, List<Content> content, Map<String, Object> structuredContent,
                                Boolean isError, Map<String, Object> meta) implements SamplingContent {
    public ToolResultContent {
        if (toolUseId == null || toolUseId.isEmpty()) throw new IllegalArgumentException("a tool result needs the toolUseId it answers");
        content = content == null ? List.of() : List.copyOf(content);
    }

    /** A result of one text, or an error ({@code isError}) described by it. */
    public static ToolResultContent text(String toolUseId, String text, boolean isError) {
        return new ToolResultContent(toolUseId, List.of(new TextContent(text)), null, isError ? Boolean.TRUE : null,
                null);
    }
}
