package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/** The params of {@code sampling/createMessage}: what the server asks the client's model. */
public record CreateMessageRequest(List<SamplingMessage> messages, Map<String, Object> modelPreferences,
                                   String systemPrompt, String includeContext, Double temperature, int maxTokens,
                                   List<String> stopSequences, Map<String, Object> metadata) {
    public CreateMessageRequest {
        if (messages == null || messages.isEmpty()) throw new IllegalArgumentException("sampling needs messages");
        messages = List.copyOf(messages);
        if (maxTokens <= 0) throw new IllegalArgumentException("maxTokens must be positive");
    }

    public CreateMessageRequest(String userText, int maxTokens) {
        this(List.of(new SamplingMessage(Role.USER, new TextContent(userText))), null, null, null, null, maxTokens,
                null, null);
    }
}
