package dev.jmcp.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.TextContent;

import java.io.IOException;

/**
 * Writes the commonest answer there is, a tool's result of plain text ({@code {"content":[{"type":"text","text":…}]}},
 * perhaps with {@code isError}), with the generator's own calls instead of the mapper's: the mapper makes a serializer
 * provider for each value, walks the record's properties by their writers and wraps each content in its type id, which
 * together were about a tenth of the server's CPU for a pipelined {@code tools/call} over stdio (bench/RESULTS.md).
 * The bytes are the same as the mapper's, member for member ({@code TextResultsTest} holds the two side by side); any
 * result with more in it (structured content, {@code _meta}, annotations, other kinds of content) is the mapper's.
 * Stateless.
 */
final class TextResults {
    private static final SerializableString CONTENT = new SerializedString("content");
    private static final SerializableString TYPE = new SerializedString("type");
    private static final SerializableString TEXT_TYPE = new SerializedString("text");
    private static final SerializableString TEXT = new SerializedString("text");
    private static final SerializableString IS_ERROR = new SerializedString("isError");

    private TextResults() {
    }

    /** Whether {@code value} is a result this class writes: a tool's result of text contents and nothing else. */
    static boolean plain(Object value) {
        if (!(value instanceof CallToolResult result) || result.structuredContent() != null || result.meta() != null) {
            return false;
        }
        for (Content content : result.content()) {
            if (!(content instanceof TextContent text) || text.annotations() != null || text.meta() != null) return false;
        }
        return true;
    }

    /** Writes {@code result}, which {@link #plain} accepted. */
    static void write(JsonGenerator generator, CallToolResult result) throws IOException {
        generator.writeStartObject();
        generator.writeFieldName(CONTENT);
        generator.writeStartArray();
        for (Content content : result.content()) {
            generator.writeStartObject();
            generator.writeFieldName(TYPE);
            generator.writeString(TEXT_TYPE);
            generator.writeFieldName(TEXT);
            LongStrings.INSTANCE.serialize(((TextContent) content).text(), generator, null);
            generator.writeEndObject();
        }
        generator.writeEndArray();
        if (result.isError() != null) {
            generator.writeFieldName(IS_ERROR);
            generator.writeBoolean(result.isError());
        }
        generator.writeEndObject();
    }
}
