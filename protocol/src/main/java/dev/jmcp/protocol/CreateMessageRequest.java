package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * The params of {@code sampling/createMessage}: what the server asks the client's model. {@code tools} and
 * {@code toolChoice} (2025-11-25, for a client that declares {@code sampling.tools}) offer the model tools: it may
 * answer with {@link ToolUseContent}s, and the server sends their {@link ToolResultContent}s in its next request.
 * {@code toolChoice} is {@code {"mode": "auto" | "required" | "none"}}.
 */
public record CreateMessageRequest(List<SamplingMessage> messages, Map<String, Object> modelPreferences,
                                   String systemPrompt, String includeContext, Double temperature, int maxTokens,
                                   List<String> stopSequences, Map<String, Object> metadata, List<Tool> tools,
                                   Map<String, Object> toolChoice) {
    public CreateMessageRequest {
        if (messages == null || messages.isEmpty()) throw new IllegalArgumentException("sampling needs messages");
        messages = List.copyOf(messages);
        if (maxTokens <= 0) throw new IllegalArgumentException("maxTokens must be positive");
        tools = tools == null ? null : List.copyOf(tools);
    }

    /** A request offering the model no tools. */
    public CreateMessageRequest(List<SamplingMessage> messages, Map<String, Object> modelPreferences,
                                String systemPrompt, String includeContext, Double temperature, int maxTokens,
                                List<String> stopSequences, Map<String, Object> metadata) {
        this(messages, modelPreferences, systemPrompt, includeContext, temperature, maxTokens, stopSequences, metadata,
                null, null);
    }

    public CreateMessageRequest(String userText, int maxTokens) {
        this(List.of(new SamplingMessage(Role.USER, new TextContent(userText))), null, null, null, null, maxTokens,
                null, null);
    }

    /** This request offering the model {@code tools}, chosen as {@code mode} says ({@code auto}, {@code required}, {@code none}). */
    public CreateMessageRequest withTools(List<Tool> tools, String mode) {
        return new CreateMessageRequest(messages, modelPreferences, systemPrompt, includeContext, temperature, maxTokens,
                stopSequences, metadata, tools, mode == null ? null : Map.of("mode", mode));
    }
}
