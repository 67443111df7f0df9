package dev.jmcp.protocol;

/** The client's answer to {@code sampling/createMessage}. */
public record CreateMessageResult(Role role, Content content, String model, String stopReason) {
}
