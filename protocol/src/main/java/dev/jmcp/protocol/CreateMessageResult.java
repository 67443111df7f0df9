package dev.jmcp.protocol;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The client's answer to {@code sampling/createMessage}: the model's message (one block, or several: a model that
 * wants tools answers with its {@link ToolUseContent}s and {@code stopReason} {@code toolUse}), and the model.
 */
public record CreateMessageResult(Role role, List<SamplingContent> content, String model, String stopReason) {
    public CreateMessageResult {
        if (content == null || content.isEmpty()) throw new IllegalArgumentException("a sampled message has content");
        content = List.copyOf(content);
    }

    /** An answer of one block. */
    public CreateMessageResult(Role role, SamplingContent content, String model, String stopReason) {
        this(role, content == null ? List.of() : List.of(content), model, stopReason);
    }

    /** The text of its text blocks, one line each; empty when it has none. */
    public String text() {
        return content.stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .collect(Collectors.joining("\n"));
    }

    /** The tools the model asks to use, in order; empty when it asks for none. */
    public List<ToolUseContent> toolUses() {
        return content.stream().filter(ToolUseContent.class::isInstance).map(ToolUseContent.class::cast).toList();
    }
}
