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
            if (!arguments.isEmpty()) text.append("    arguments: ").append(String.join(", ", arguments)).append('\n');
        }
        return text.isEmpty() ? "(no tools)\n" : text.toString();
    }

    /** {@code name: type} per property, a {@code *} marking the required ones. */
    private static List<String> toolArguments(Map<String, Object> schema) {
        var arguments = new ArrayList<String>();
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, property) -> {
                Object type = property instanceof Map<?, ?> p ? p.get("type") : null;
                arguments.add(name + (required.contains(name) ? "*" : "") + (type == null ? "" : ": " + type));
            });
        }
        return arguments;
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
