package dev.jmcp.protocol;

/** One message of a sampling conversation. */
public record SamplingMessage(Role role, Content content) {
    public SamplingMessage {
        if (role == null || content == null) throw new IllegalArgumentException("a sampling message needs role and content");
    }
}
