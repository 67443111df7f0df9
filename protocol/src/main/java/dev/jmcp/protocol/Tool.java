package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * A tool as {@code tools/list} shows it. {@code inputSchema} is a JSON Schema object ({@code type: object});
 * {@code outputSchema}, when present, describes {@code structuredContent}.
 */
public record Tool(String name, String title, String description, Map<String, Object> inputSchema,
                   Map<String, Object> outputSchema, ToolAnnotations annotations, List<Icon> icons,
                   Map<String, Object> meta) {

    /** The schema of a tool that takes no arguments. */
    public static final Map<String, Object> NO_ARGUMENTS = Map.of("type", "object", "properties", Map.of());

    public Tool {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("a tool needs a name");
        if (inputSchema == null) inputSchema = NO_ARGUMENTS;
        if (!"object".equals(inputSchema.get("type"))) {
            throw new IllegalArgumentException("tool " + name + ": inputSchema must have type \"object\"");
        }
        icons = icons == null ? null : List.copyOf(icons);
    }

    public Tool(String name, String description, Map<String, Object> inputSchema) {
        this(name, null, description, inputSchema, null, null, null, null);
    }
}
