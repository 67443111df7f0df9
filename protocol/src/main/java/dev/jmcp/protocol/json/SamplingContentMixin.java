package dev.jmcp.protocol.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.ToolResultContent;
import dev.jmcp.protocol.ToolUseContent;

/** Maps {@link dev.jmcp.protocol.SamplingContent} to its {@code type} discriminator, keeping Jackson off the record. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = TextContent.class, name = "text"),
        @JsonSubTypes.Type(value = ImageContent.class, name = "image"),
        @JsonSubTypes.Type(value = AudioContent.class, name = "audio"),
        @JsonSubTypes.Type(value = ToolUseContent.class, name = "tool_use"),
        @JsonSubTypes.Type(value = ToolResultContent.class, name = "tool_result")
})
interface SamplingContentMixin {
}
