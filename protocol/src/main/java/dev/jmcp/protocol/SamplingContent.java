package dev.jmcp.protocol;

/**
 * One block of a sampling message (2025-11-25): text, an image or audio as in any content, and — when the server
 * offers the model tools — the model's {@link ToolUseContent} and the server's {@link ToolResultContent}. A closed
 * union: the {@code type} on the wire is {@code text}, {@code image}, {@code audio}, {@code tool_use} or
 * {@code tool_result}. Resource links and embedded resources are not sampling content.
 */
public sealed interface SamplingContent permits TextContent, ImageContent, AudioContent, ToolUseContent,
        ToolResultContent {
}
