package dev.jmcp.protocol;

import java.util.List;

/** The result of {@code prompts/get}. */
public record GetPromptResult(String description, List<PromptMessage> messages) {
    public GetPromptResult {
        messages = messages == null ? List.of() : List.copyOf(messages);
    }
}
