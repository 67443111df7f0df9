package dev.jmcp.protocol;

/** Hints about a tool's behaviour (2025-03-26). Every field is optional. */
public record ToolAnnotations(String title, Boolean readOnlyHint, Boolean destructiveHint, Boolean idempotentHint,
                              Boolean openWorldHint) {
}
