package dev.jmcp.protocol.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.TextResourceContents;

/** Text and blob contents have no discriminator on the wire: they are told apart by {@code text} vs {@code blob}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({
        @JsonSubTypes.Type(TextResourceContents.class),
        @JsonSubTypes.Type(BlobResourceContents.class)
})
interface ResourceContentsMixin {
}
