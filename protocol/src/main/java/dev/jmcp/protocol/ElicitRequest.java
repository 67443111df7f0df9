package dev.jmcp.protocol;

import java.util.Map;

/**
 * The params of {@code elicitation/create}. Form mode ({@code mode} null or {@code form}) has a
 * {@code requestedSchema}; URL mode (2025-11-25) has {@code url} and {@code elicitationId}.
 */
public record ElicitRequest(String mode, String message, Map<String, Object> requestedSchema, String url,
                            String elicitationId) {
    public ElicitRequest {
        if (message == null) throw new IllegalArgumentException("an elicitation needs a message");
        if ("url".equals(mode) && (url == null || elicitationId == null)) {
            throw new IllegalArgumentException("a URL-mode elicitation needs url and elicitationId");
        }
    }

    public static ElicitRequest form(String message, Map<String, Object> requestedSchema) {
        return new ElicitRequest(null, message, requestedSchema, null, null);
    }

    public static ElicitRequest url(String message, String url, String elicitationId) {
        return new ElicitRequest("url", message, null, url, elicitationId);
    }

    public boolean isUrlMode() {
        return "url".equals(mode);
    }
}
