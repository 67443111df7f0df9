package dev.jmcp.protocol;

import java.util.List;

/**
 * One message of a sampling conversation: its blocks in order. On the wire one block is written as an object (as every
 * revision reads it) and several as an array (2025-11-25: a model's several tool uses, or the results answering them);
 * both are read.
 */
public record SamplingMessage(Role role, List<SamplingContent> content) {
    public SamplingMessage {
        if (role == null || content == null || content.isEmpty()) {
            throw new IllegalArgumentException("a sampling message needs a role and at least one content block");
        }
        content = List.copyOf(content);
    }

    /** A message of one block. */
    public SamplingMessage(Role role, SamplingContent content) {
        this(role, content == null ? List.of() : List.of(content));
    }
}
