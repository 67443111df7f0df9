package dev.jmcp.protocol.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.ResourceLink;
import dev.jmcp.protocol.TextContent;

/** Maps {@link dev.jmcp.protocol.Content} to its {@code type} discriminator, keeping Jackson off the record. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = TextContent.class, name = "text"),
        @JsonSubTypes.Type(value = ImageContent.class, name = "image"),
        @JsonSubTypes.Type(value = AudioContent.class, name = "audio"),
        @JsonSubTypes.Type(value = ResourceLink.class, name = "resource_link"),
        @JsonSubTypes.Type(value = EmbeddedResource.class, name = "resource")
})
interface ContentMixin {
}
