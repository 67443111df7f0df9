package dev.jmcp.protocol;

/**
 * One piece of content in a tool result, prompt message or sampling message. A closed union: the {@code type}
 * on the wire is {@code text}, {@code image}, {@code audio}, {@code resource_link} or {@code resource}.
 */
public sealed interface Content permits TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource {

    static TextContent text(String text) {
        return new TextContent(text);
    }
}
