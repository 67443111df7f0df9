package dev.jmcp.server.http;

import dev.jmcp.server.http.routes.Routes;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.util.BufferUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request refused before its body is read closes its connection openly (Connection: close), whoever refuses it:
 * the router's Host/Origin guard, an {@link dev.jmcp.server.http.routes.McpGuard} such as authorization, an endpoint checking the headers. Else
 * Jetty closes the connection after the answer without saying so, and a pooled client sends its next request on a
 * dead connection. Real sockets and the JDK's own client.
 */
@Timeout(60)
class UnreadBodyRefusalTest {
    /** A body larger than the socket buffers, so that it is still arriving when the refusal is sent. */
    private static final int BIG = 512 * 1024;

    /** Who refuses, and how a request gets refused there. */
    enum Refusal {
        ORIGIN(403), GUARD(401), MEDIA_TYPE(415);

        final int status;

        Refusal(int status) {
            this.status = status;
        }
    }

    private HttpFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) fixture.close();
    }

    private void start() throws IOException {
        // A guard that refuses whatever carries X-Refuse, answering itself the way authorization does.
        fixture = new HttpFixture(HttpOptions.defaults(), transport -> Routes.of(transport).guard((request, response, callback) -> {
            if (request.getHeaders().get("X-Refuse") == null) return true;
            response.setStatus(401);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.write(true, BufferUtil.toBuffer(
                    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32001,\"message\":\"Unauthorized\"}}"), callback);
            return false;
        }));
    }

    private static String headers(Refusal refusal) {
        return switch (refusal) {
            case ORIGIN -> "Origin: http://evil.example.com\r\nContent-Type: application/json\r\n";
            case GUARD -> "X-Refuse: yes\r\nContent-Type: application/json\r\n";
            case MEDIA_TYPE -> "Content-Type: text/plain\r\n";
        };
    }

    private static HttpRequest.Builder refused(HttpRequest.Builder request, Refusal refusal) {
        return switch (refusal) {
            case ORIGIN -> request.header("Origin", "http://evil.example.com").header("Content-Type", "application/json");
            case GUARD -> request.header("X-Refuse", "yes").header("Content-Type", "application/json");
            case MEDIA_TYPE -> request.header("Content-Type", "text/plain");
        };
    }

    @ParameterizedTest
    @EnumSource(Refusal.class)
    void aRefusedPostWhoseBodyIsStillArrivingSaysConnectionCloseAndClosesIt(Refusal refusal) throws Exception {
        start();
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + fixture.transport.port() + "\r\n"
                + headers(refusal) + "Accept: application/json, text/event-stream\r\n"
                + "Content-Length: " + BIG + "\r\n\r\n";
        var request = new ByteArrayOutputStream();
        request.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(new byte[1024]); // a first part of the body; the rest never comes
        // Returns once the server closed the connection (a read that never ends fails the test by its timeout).
        String answer = fixture.exchange(request.toByteArray(), false);
        assertThat(answer).startsWith("HTTP/1.1 " + refusal.status);
        assertThat(answer.toLowerCase(Locale.ROOT)).contains("\r\nconnection: close\r\n");
        assertThat(answer).contains("\"error\"");
        // The server keeps serving: a new connection is answered.
        try (var client = new TestClient(fixture.transport.url())) {
            assertThat(client.initialize("2025-11-25")).containsKey("result");
        }
    }

    @ParameterizedTest
    @EnumSource(Refusal.class)
    void aPooledClientGetsAnAnswerToEveryRefusedPostInARow(Refusal refusal) throws Exception {
        start();
        byte[] body = new byte[BIG];
        Arrays.fill(body, (byte) ' ');
        try (var client = new TestClient(fixture.transport.url())) {
            for (int i = 0; i < 10; i++) {
                var request = refused(HttpRequest.newBuilder(client.url), refusal)
                        .header("Accept", TestClient.BOTH).timeout(java.time.Duration.ofSeconds(20))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
                HttpResponse<String> response = client.send(request);
                assertThat(response.statusCode()).as("refused POST %d", i).isEqualTo(refusal.status);
                assertThat(response.body()).contains("\"error\"");
            }
            // And the same pooled client's next, valid request is served.
            assertThat(client.initialize("2025-11-25")).containsKey("result");
        }
    }

    @Test
    void aRequestTheGuardsAdmitKeepsItsConnection() throws Exception {
        start();
        try (var client = new TestClient(fixture.transport.url())) {
            client.initialize("2025-11-25");
            var response = client.postString(TestClient.call(2, "echo", false));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Connection")).isEmpty();
        }
    }

    @Test
    void aRefusedRequestWithoutBodyKeepsItsConnection() throws Exception {
        start();
        try (var client = new TestClient(fixture.transport.url())) {
            var response = client.send(client.get().header("X-Refuse", "yes"));
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("Connection")).isEmpty();
        }
    }
}
