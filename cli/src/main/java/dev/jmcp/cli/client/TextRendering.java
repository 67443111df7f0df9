package dev.jmcp.cli.client;

import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceContents;
import dev.jmcp.protocol.ResourceLink;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Protocol records as text a person reads. Stateless. */
final class TextRendering {
    private TextRendering() {
    }

    static String tools(List<Tool> tools) {
        var text = new StringBuilder();
        for (Tool tool : tools) {
            text.append(tool.name()).append(tool.title() == null ? "" : " — " + tool.title()).append('\n');
            describe(text, tool.description());
            List<String> arguments = toolArguments(tool.inputSchema());
            if (!arguments.isEmpty()) {
                text.append("    arguments:\n");
                arguments.forEach(argument -> text.append("      ").append(argument).append('\n'));
            }
        }
        return text.isEmpty() ? "(no tools)\n" : text.toString();
    }

    /** How deep nested objects are spelled out before they are just {@code object}. */
    private static final int NESTING = 3;

    /**
     * One line per property: {@code name: type}, a {@code *} marking the required ones, then its allowed values,
     * default and description; nested objects show their own fields, arrays what they hold, {@code $ref}s what they
     * point at.
     */
    private static List<String> toolArguments(Map<String, Object> schema) {
        var arguments = new ArrayList<String>();
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, property) -> {
                var line = new StringBuilder().append(name).append(required.contains(name) ? "*" : "");
                if (property instanceof Map<?, ?> p) {
                    String type = type(p, schema, 0);
                    if (!type.isEmpty()) line.append(": ").append(type);
                    if (p.containsKey("default")) line.append(" = ").append(json(p.get("default")));
                    if (p.get("description") instanceof String d && !d.isBlank()) {
                        line.append(" — ").append(d.strip().replaceAll("\\s+", " "));
                    }
                }
                arguments.add(line.toString());
            });
        }
        return arguments;
    }

    /** A schema's type as a person reads it: {@code integer}, {@code one of "a", "b"}, {@code array of {x*: number}}. */
    private static String type(Map<?, ?> schema, Map<String, Object> root, int depth) {
        if (schema.get("$ref") instanceof String ref) {
            Map<?, ?> target = resolve(ref, root);
            if (target == null || depth >= NESTING) return ref.substring(ref.lastIndexOf('/') + 1);
            schema = target;
        }
        if (schema.get("enum") instanceof List<?> values) {
            return "one of " + String.join(", ", values.stream().map(TextRendering::json).toList());
        }
        if (schema.containsKey("const")) return "always " + json(schema.get("const"));
        for (String key : List.of("anyOf", "oneOf")) {
            if (schema.get(key) instanceof List<?> choices) {
                var names = new ArrayList<String>();
                for (Object choice : choices) {
                    if (choice instanceof Map<?, ?> c) names.add(type(c, root, depth + 1));
                }
                return String.join(" or ", names);
            }
        }
        Object type = schema.get("type");
        if (type instanceof List<?> several) {
            return String.join(" or ", several.stream().map(String::valueOf).toList());
        }
        if ("array".equals(type)) {
            return schema.get("items") instanceof Map<?, ?> items ? "array of " + type(items, root, depth + 1) : "array";
        }
        if (("object".equals(type) || type == null) && schema.get("properties") instanceof Map<?, ?> fields
                && !fields.isEmpty()) {
            if (depth >= NESTING) return "object";
            List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
            var parts = new ArrayList<String>();
            fields.forEach((name, field) -> parts.add(name + (required.contains(name) ? "*" : "")
                    + (field instanceof Map<?, ?> f ? ": " + type(f, root, depth + 1) : "")));
            return "{" + String.join(", ", parts) + "}";
        }
        if (type == null) return "";
        return schema.get("format") instanceof String format ? type + " (" + format + ")" : String.valueOf(type);
    }

    /** The schema a local {@code #/$defs/...} or {@code #/definitions/...} reference names, or null. */
    private static Map<?, ?> resolve(String ref, Map<String, Object> root) {
        for (String prefix : List.of("#/$defs/", "#/definitions/")) {
            if (ref.startsWith(prefix) && root.get(prefix.substring(2, prefix.length() - 1)) instanceof Map<?, ?> defs
                    && defs.get(ref.substring(prefix.length())) instanceof Map<?, ?> target) {
                return target;
            }
        }
        return null;
    }

    private static String json(Object value) {
        return JsonCodec.shared().writeValueAsString(value);
    }

    static String toolResult(CallToolResult result) {
        var text = new StringBuilder();
        for (Content content : result.content()) text.append(content(content)).append('\n');
        if (result.content().isEmpty() && result.structuredContent() != null) {
            text.append(JsonCodec.shared().writeValueAsString(result.structuredContent())).append('\n');
        }
        return text.toString();
    }

    static String prompts(List<Prompt> prompts) {
        var text = new StringBuilder();
        for (Prompt prompt : prompts) {
            text.append(prompt.name()).append(prompt.title() == null ? "" : " — " + prompt.title()).append('\n');
            describe(text, prompt.description());
            if (prompt.arguments() != null && !prompt.arguments().isEmpty()) {
                var arguments = new ArrayList<String>();
                for (PromptArgument a : prompt.arguments()) {
                    arguments.add(a.name() + (Boolean.TRUE.equals(a.required()) ? "*" : ""));
                }
                text.append("    arguments: ").append(String.join(", ", arguments)).append('\n');
            }
        }
        return text.isEmpty() ? "(no prompts)\n" : text.toString();
    }

    static String promptResult(GetPromptResult result) {
        var text = new StringBuilder();
        if (result.description() != null) text.append(result.description()).append("\n\n");
        for (var message : result.messages()) {
            text.append(message.role()).append(": ").append(content(message.content())).append('\n');
        }
        return text.toString();
    }

    static String resources(List<Resource> resources, List<ResourceTemplate> templates) {
        var text = new StringBuilder();
        for (Resource r : resources) {
            text.append(r.uri()).append("  ").append(r.title() != null ? r.title() : r.name())
                    .append(r.mimeType() == null ? "" : " (" + r.mimeType() + ")").append('\n');
            describe(text, r.description());
        }
        for (ResourceTemplate t : templates) {
            text.append(t.uriTemplate()).append("  ").append(t.title() != null ? t.title() : t.name())
                    .append(" (template)").append('\n');
            describe(text, t.description());
        }
        return text.isEmpty() ? "(no resources)\n" : text.toString();
    }

    static String contents(ReadResourceResult result) {
        var text = new StringBuilder();
        for (ResourceContents contents : result.contents()) text.append(resourceContents(contents)).append('\n');
        return text.toString();
    }

    private static String content(Content content) {
        return switch (content) {
            case TextContent t -> t.text();
            case ImageContent i -> "[image, " + i.mimeType() + ", " + i.data().length() + " base64 characters]";
            case AudioContent a -> "[audio, " + a.mimeType() + ", " + a.data().length() + " base64 characters]";
            case ResourceLink l -> "[resource link: " + l.uri() + " (" + l.name() + ")]";
            case EmbeddedResource e -> resourceContents(e.resource());
        };
    }

    private static String resourceContents(ResourceContents contents) {
        return switch (contents) {
            case TextResourceContents t -> t.text();
            case BlobResourceContents b -> "[" + b.uri() + ": binary" + (b.mimeType() == null ? "" : ", " + b.mimeType())
                    + ", " + b.blob().length() + " base64 characters; use --json-output to get it]";
        };
    }

    /** The first line of a description, indented. */
    private static void describe(StringBuilder text, String description) {
        if (description == null || description.isBlank()) return;
        String first = description.strip().lines().findFirst().orElse("");
        text.append("    ").append(first).append('\n');
    }
}
