package dev.jmcp.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Reads what a server answered and checks it is what was asked for, so a fast wrong answer never counts: an
 * {@code initialize} result names a protocol version, an echo result carries the text sent. Thread-safe.
 */
final class Answers {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Answers() {
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + abbreviate(json), e);
        }
    }

    /** The numeric id of a JSON-RPC response (a result or an error), if {@code message} is one. */
    static Optional<Long> responseId(JsonNode message) {
        if (!message.isObject() || message.has("method")) return Optional.empty();
        JsonNode id = message.get("id");
        return id != null && id.canConvertToLong() ? Optional.of(id.asLong()) : Optional.empty();
    }

    /** Throws unless {@code message} is a successful {@code initialize} result. */
    static void checkInitialized(JsonNode message) {
        JsonNode result = message.get("result");
        if (result == null || !result.path("protocolVersion").isTextual()) {
            throw new IllegalStateException("initialize failed: " + abbreviate(message.toString()));
        }
    }

    /** Throws unless {@code message} is a {@code tools/list} result that lists {@code echo}. */
    static void checkToolsList(JsonNode message) {
        for (JsonNode tool : message.path("result").path("tools")) {
            if ("echo".equals(tool.path("name").asText(null))) return;
        }
        throw new IllegalStateException("tools/list did not list echo: " + abbreviate(message.toString()));
    }

    /** Throws unless {@code message} is a successful tool result whose first content is {@code text}. */
    static void checkEcho(JsonNode message, String text) {
        JsonNode result = message.get("result");
        if (result == null || result.path("isError").asBoolean(false)
                || !text.equals(result.path("content").path(0).path("text").asText(null))) {
            throw new IllegalStateException("echo did not return its text: " + abbreviate(message.toString()));
        }
    }

    static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
