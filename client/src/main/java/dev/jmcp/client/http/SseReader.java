package dev.jmcp.client.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads Server-Sent Events from a stream as the HTML standard's event-stream interpretation says: lines end in CR,
 * LF or CRLF; {@code :} starts a comment; {@code data} lines are joined with LF; {@code id} sets the last event id
 * (even for an event with empty data, which is how a server primes a client to resume); {@code retry} sets the
 * reconnection delay; an empty line dispatches. An event whose data exceeds {@code maxEventBytes} is an
 * {@link IOException}. Not thread-safe: one reader thread owns it.
 */
final class SseReader {
    private final InputStream in;
    private final int maxEventBytes;
    private final byte[] buffer = new byte[8 * 1024];
    private int position;
    private int limit;
    private boolean skipLineFeed;
    private byte[] line = new byte[1024];
    private int lineLength;

    private final StringBuilder data = new StringBuilder();
    private String eventType = "";
    private String lastEventId;
    private Long retryMillis;

    SseReader(InputStream in, int maxEventBytes) {
        this.in = in;
        this.maxEventBytes = maxEventBytes;
    }

    /** The next event, or null at the end of the stream (an event not ended by an empty line is dropped, per the standard). */
    SseEvent next() throws IOException {
        while (true) {
            String text = readLine();
            if (text == null) return null;
            if (text.isEmpty()) {
                SseEvent event = dispatch();
                if (event != null) return event;
                continue;
            }
            if (text.charAt(0) == ':') continue;
            int colon = text.indexOf(':');
            String field = colon < 0 ? text : text.substring(0, colon);
            String value = colon < 0 ? "" : text.substring(colon + 1);
            if (value.startsWith(" ")) value = value.substring(1);
            switch (field) {
                case "data" -> {
                    if (data.length() + value.length() + 1 > maxEventBytes) {
                        throw new IOException("an SSE event larger than " + maxEventBytes + " bytes");
                    }
                    data.append(value).append('\n');
                }
                case "event" -> eventType = value;
                case "id" -> {
                    if (value.indexOf('\0') < 0) lastEventId = value;
                }
                case "retry" -> {
                    if (!value.isEmpty() && value.chars().allMatch(c -> c >= '0' && c <= '9') && value.length() < 18) {
                        retryMillis = Long.parseLong(value);
                    }
                }
                default -> {
                    // "Otherwise: the field is ignored."
                }
            }
        }
    }

    /** The id of the latest event seen (dispatched or not), or null when none had one. */
    String lastEventId() {
        return lastEventId == null || lastEventId.isEmpty() ? null : lastEventId;
    }

    /** The latest {@code retry} the server sent, in milliseconds, or null. */
    Long retryMillis() {
        return retryMillis;
    }

    private SseEvent dispatch() {
        if (data.isEmpty()) {
            eventType = "";
            return null;
        }
        data.setLength(data.length() - 1);
        var event = new SseEvent(eventType.isEmpty() ? "message" : eventType, lastEventId(), data.toString());
        data.setLength(0);
        eventType = "";
        return event;
    }

    private String readLine() throws IOException {
        lineLength = 0;
        while (true) {
            if (position == limit) {
                int n = in.read(buffer);
                if (n < 0) return lineLength == 0 ? null : text();
                position = 0;
                limit = n;
            }
            byte b = buffer[position++];
            if (skipLineFeed) {
                skipLineFeed = false;
                if (b == '\n') continue;
            }
            if (b == '\n') return text();
            if (b == '\r') {
                skipLineFeed = true;
                return text();
            }
            if (lineLength == maxEventBytes) throw new IOException("an SSE line longer than " + maxEventBytes + " bytes");
            if (lineLength == line.length) line = Arrays.copyOf(line, Math.min(maxEventBytes, line.length * 2));
            line[lineLength++] = b;
        }
    }

    private String text() {
        return new String(line, 0, lineLength, StandardCharsets.UTF_8);
    }
}
