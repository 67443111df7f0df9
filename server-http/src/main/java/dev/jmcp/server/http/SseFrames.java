package dev.jmcp.server.http;

import java.nio.charset.StandardCharsets;

/**
 * Server-Sent Events framing. A JSON-RPC message written by the codec has no line breaks (strings escape them), so
 * it fits one {@code data:} line. Stateless.
 */
final class SseFrames {
    /** A comment line: ignored by every SSE parser; flushes headers and keeps idle connections alive. */
    static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] ID = "id: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);

    private SseFrames() {
    }

    /** {@code [event: name] [id: id] data: json}. */
    static byte[] event(String eventName, String id, byte[] data) {
        byte[] event = eventName == null ? null : ("event: " + eventName + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] idLine = id == null ? null : (id + "\n").getBytes(StandardCharsets.US_ASCII);
        int size = (event == null ? 0 : event.length) + (idLine == null ? 0 : ID.length + idLine.length)
                + DATA.length + data.length + END.length;
        byte[] frame = new byte[size];
        int at = 0;
        if (event != null) at = put(frame, at, event);
        if (idLine != null) {
            at = put(frame, at, ID);
            at = put(frame, at, idLine);
        }
        at = put(frame, at, DATA);
        at = put(frame, at, data);
        put(frame, at, END);
        return frame;
    }

    /**
     * "The server SHOULD immediately send an SSE event consisting of an event ID and an empty data field in order to
     * prime the client to reconnect", with the {@code retry} hint the client must wait before reconnecting.
     */
    static byte[] priming(String id, long retryMillis) {
        return ("id: " + id + "\nretry: " + retryMillis + "\ndata: \n\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static int put(byte[] frame, int at, byte[] part) {
        System.arraycopy(part, 0, frame, at, part.length);
        return at + part.length;
    }
}
