package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Legacy SSE streams opened and dropped at once stop counting against the session bound: with a small bound, a
 * thousand of them in a row are each served, and a new session on either transport is served right after.
 */
@Timeout(120)
class DroppedLegacyStreamsTest {
    /** How many streams to open and drop; {@code -Djmcp.test.droppedStreams=N} changes it. */
    private static final int DROPPED = Integer.getInteger("jmcp.test.droppedStreams", 1_000);
    private static final int BOUND = 20;

    private HttpFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) fixture.close();
    }

    /** Opens {@code GET /sse} on a raw socket, reads up to the end of the endpoint event, and drops the connection. */
    private String openAndDrop() throws IOException {
        try (var socket = new Socket("127.0.0.1", fixture.transport.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET /sse HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            var seen = new StringBuilder();
            var in = socket.getInputStream();
            while (!(seen.indexOf("event: endpoint") >= 0 && seen.lastIndexOf("\n\n") > seen.indexOf("event: endpoint"))
                    && !(seen.indexOf("\r\n\r\n") > 0 && !seen.toString().startsWith("HTTP/1.1 200"))) {
                int b = in.read();
                if (b < 0) break;
                seen.append((char) b);
            }
            return seen.toString();
        }
    }

    @Test
    void aThousandDroppedStreamsLeaveRoomForNewSessionsAtOnce() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults().withTransports(true, true).withMaxSessions(BOUND));
        for (int i = 0; i < DROPPED; i++) {
            String answer = openAndDrop();
            assertThat(answer).as("stream %d of %d", i + 1, DROPPED).startsWith("HTTP/1.1 200").contains("event: endpoint");
        }
        assertThat(fixture.transport.sessionCount()).isLessThanOrEqualTo(BOUND);
        try (var client = new TestClient(fixture.transport.url())) {
            client.initialize("2025-11-25");
        }
        assertThat(openAndDrop()).startsWith("HTTP/1.1 200");
    }
}
