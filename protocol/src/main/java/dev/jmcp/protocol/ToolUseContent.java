package dev.jmcp.protocol;

import java.util.Map;

/**
 * The model asks to call a tool (sampling with tools, 2025-11-25): {@code id} names this use, and the
 * {@link ToolResultContent} that answers it repeats it; {@code input} holds the arguments, as the tool's input schema
 * describes them.
 */
public record ToolUseContent(String id, String name, Map<String, Object> input, Map<String, Object> meta)
        implements SamplingContent {
    public ToolUseContent {
        if (id == null || id.isEmpty() || name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a tool use needs an id and the tool's name");
        }
        input = input == null ? Map.of() : input;
    }

    public ToolUseContent(String id, String name, Map<String, Object> input) {
        this(id, name, input, null);
    }
}
