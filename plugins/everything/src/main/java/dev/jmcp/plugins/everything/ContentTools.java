package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;

/**
 * The tools whose whole behaviour is the content they return, one per content kind the suite checks
 * ({@code tools-call-simple-text}, {@code -image}, {@code -audio}, {@code -embedded-resource}, {@code -mixed-content},
 * {@code -error}). Stateless.
 */
final class ContentTools {
    static final String SIMPLE_TEXT = "This is a simple text response for testing.";
    static final String EMBEDDED_URI = "test://embedded-resource";
    static final String EMBEDDED_TEXT = "This is an embedded resource content.";
    static final String MIXED_TEXT = "Multiple content types test:";
    static final String MIXED_URI = "test://mixed-content-resource";
    static final String MIXED_JSON = "{\"test\":\"data\",\"value\":123}";
    static final String ERROR_TEXT = "This tool intentionally returns an error for testing";

    private ContentTools() {
    }

    static void register(Registrar registrar) {
        registrar
                .tool(new Tool("test_simple_text", "Returns one plain text item.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.text(SIMPLE_TEXT))
                .tool(new Tool("test_image_content", "Returns a 1x1 PNG image.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.of(image()))
                .tool(new Tool("test_audio_content", "Returns a short WAV tone.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.of(new AudioContent(Media.WAV_BASE64, Media.WAV_MIME_TYPE)))
                .tool(new Tool("test_embedded_resource", "Returns an embedded text resource.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.of(new EmbeddedResource(
                                new TextResourceContents(EMBEDDED_URI, "text/plain", EMBEDDED_TEXT))))
                .tool(new Tool("test_multiple_content_types", "Returns text, an image and an embedded resource together.",
                                Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.of(new TextContent(MIXED_TEXT), image(),
                                new EmbeddedResource(new TextResourceContents(MIXED_URI, "application/json", MIXED_JSON))))
                .tool(new Tool("test_error_handling", "Always fails, as a tool result with isError set.",
                                Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.error(ERROR_TEXT));
    }

    static ImageContent image() {
        return new ImageContent(Media.PNG_BASE64, Media.PNG_MIME_TYPE);
    }
}
