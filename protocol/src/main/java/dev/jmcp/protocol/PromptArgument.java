package dev.jmcp.protocol;

/** An argument a prompt template accepts. */
public record PromptArgument(String name, String title, String description, Boolean required) {
    public PromptArgument {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("a prompt argument needs a name");
    }

    public PromptArgument(String name, String description, boolean required) {
        this(name, null, description, required);
    }
}
