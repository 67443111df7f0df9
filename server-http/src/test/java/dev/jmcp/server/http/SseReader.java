package dev.jmcp.server.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Reads SSE events from a response body, skipping comments. Not thread-safe. */
final class SseReader implements AutoCloseable {
    private final BufferedReader reader;

    SseReader(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next event, or null when the stream ended. */
    SseEvent next() throws IOException {
        String id = null;
        String event = null;
        StringBuilder data = null;
        Long retry = null;
        boolean any = false;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (any) return new SseEvent(id, event, data == null ? null : data.toString(), retry);
                continue;
            }
            if (line.startsWith(":")) continue;
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) value = value.substring(1);
            any = true;
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "retry" -> retry = Long.parseLong(value);
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> {
                }
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
