package dev.jmcp.protocol;

/** One message of a prompt. */
public record PromptMessage(Role role, Content content) {
    public PromptMessage {
        if (role == null || content == null) throw new IllegalArgumentException("a prompt message needs role and content");
    }

    public static PromptMessage user(String text) {
        return new PromptMessage(Role.USER, new TextContent(text));
    }

    public static PromptMessage assistant(String text) {
        return new PromptMessage(Role.ASSISTANT, new TextContent(text));
    }
}
