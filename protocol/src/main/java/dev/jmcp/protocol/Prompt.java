package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/** A prompt template as {@code prompts/list} shows it. */
public record Prompt(String name, String title, String description, List<PromptArgument> arguments, List<Icon> icons,
                     Map<String, Object> meta) {
    public Prompt {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("a prompt needs a name");
        arguments = arguments == null ? null : List.copyOf(arguments);
        icons = icons == null ? null : List.copyOf(icons);
    }

    public Prompt(String name, String description, List<PromptArgument> arguments) {
        this(name, null, description, arguments, null, null);
    }
}
