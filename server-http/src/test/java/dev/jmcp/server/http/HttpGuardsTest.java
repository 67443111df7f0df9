package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TestClient.call;
import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/** DNS-rebinding protection and every bound of the HTTP transport, each with a JSON-RPC error body. */
@Timeout(30)
class HttpGuardsTest {
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    private HttpFixture fixture;
    private TestClient client;

    private void start(HttpOptions options) throws Exception {
        fixture = new HttpFixture(options);
        client = new TestClient(fixture.transport.url());
    }

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (fixture != null) fixture.close();
    }

    private static void assertJsonRpcError(String body) {
        var message = object(body);
        assertThat(message.get("jsonrpc")).isEqualTo("2.0");
        assertThat(message.get("error")).isInstanceOf(Map.class);
    }

    /** Sends a raw HTTP/1.1 request (the JDK client will not set Host) and returns the status line and body. */
    private String raw(String host, String origin, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        var request = new ByteArrayOutputStream();
        request.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(bytes);
        return fixture.exchange(request.toByteArray(), false);
    }

    @Test
    void anEvilHostOrOriginIsRefusedWith403() throws Exception {
        start(HttpOptions.defaults());
        String evil = raw("evil.example.com", "http://evil.example.com", INIT);
        assertThat(evil).startsWith("HTTP/1.1 403");
        assertThat(evil).contains("\"error\"");
        assertThat(raw("evil.example.com", null, INIT)).startsWith("HTTP/1.1 403");
        var evilOrigin = client.send(client.post(INIT).header("Origin", "http://evil.example.com"));
        assertThat(evilOrigin.statusCode()).isEqualTo(403);
        assertJsonRpcError(evilOrigin.body());
        assertThat(fixture.transport.sessionCount()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "127.0.0.1", "[::1]"})
    void loopbackHostsAndOriginsAreAcceptedOnAnyPort(String host) throws Exception {
        start(HttpOptions.defaults());
        String hostPort = host + ":" + fixture.transport.port();
        assertThat(raw(hostPort, "http://" + hostPort, INIT)).startsWith("HTTP/1.1 200");
        assertThat(raw(host + ":1", "http://" + host + ":9", INIT)).startsWith("HTTP/1.1 200");
    }

    @Test
    void anAllowedOriginIsAccepted() throws Exception {
        start(HttpOptions.defaults().withAllowedOrigins(List.of("https://app.example.com")));
        assertThat(raw("app.example.com", "https://app.example.com", INIT)).startsWith("HTTP/1.1 200");
        assertThat(raw("127.0.0.1", "https://other.example.com", INIT)).startsWith("HTTP/1.1 403");
    }

    @Test
    void aBodyOverTheLimitGets413AndTheServerGoesOn() throws Exception {
        start(HttpOptions.defaults().withMaxBodyBytes(2048));
        client.initialize("2025-11-25");
        var response = client.postString(call(1, "echo", false).replace("hi 1", "x".repeat(4096)));
        assertThat(response.statusCode()).isEqualTo(413);
        assertJsonRpcError(response.body());
        assertThat(client.postString(call(2, "echo", false)).statusCode()).isEqualTo(200);
    }

    @Test
    void aPostThatIsNotJsonGets415() throws Exception {
        start(HttpOptions.defaults());
        var response = client.send(client.post(INIT).setHeader("Content-Type", "text/plain"));
        assertThat(response.statusCode()).isEqualTo(415);
        assertJsonRpcError(response.body());
    }

    @Test
    void aPostNotAcceptingBothAnswerFormsGets406() throws Exception {
        start(HttpOptions.defaults());
        var response = client.send(client.post(INIT).setHeader("Accept", "application/json"));
        assertThat(response.statusCode()).isEqualTo(406);
        assertJsonRpcError(response.body());
        assertThat(client.send(client.post(INIT).setHeader("Accept", "*/*")).statusCode()).isEqualTo(200);
    }

    @Test
    void aGetNotAcceptingAnEventStreamGets406() throws Exception {
        start(HttpOptions.defaults());
        client.initialize("2025-11-25");
        var response = client.send(client.get().setHeader("Accept", "application/json"));
        assertThat(response.statusCode()).isEqualTo(406);
        assertJsonRpcError(response.body());
    }

    @Test
    void sessionsPastTheLimitAreRefusedWith503UntilOneEnds() throws Exception {
        start(HttpOptions.defaults().withMaxSessions(2));
        client.initialize("2025-11-25");
        var second = new TestClient(client.url);
        second.initialize("2025-11-25");
        var refused = client.send(client.post(INIT).setHeader("Mcp-Session-Id", "x"));
        assertThat(refused.statusCode()).isEqualTo(404);
        var third = new TestClient(client.url);
        var full = third.postString(INIT);
        assertThat(full.statusCode()).isEqualTo(503);
        assertThat((String) ((Map<?, ?>) object(full.body()).get("error")).get("message")).contains("2 sessions");
        assertThat(second.delete().statusCode()).isEqualTo(204);
        assertThat(third.postString(INIT).statusCode()).isEqualTo(200);
        second.close();
        third.close();
    }

    @Test
    void refusedSessionsShareOneWarningInsteadOfOneLineEach() throws Exception {
        start(HttpOptions.defaults().withMaxSessions(1));
        client.initialize("2025-11-25");
        var captured = new ByteArrayOutputStream();
        var stderr = System.err;
        // slf4j-simple, the tests' logging backend, writes to whatever System.err is when it logs.
        System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (int i = 0; i < 20; i++) {
                var refused = new TestClient(client.url);
                assertThat(refused.postString(INIT).statusCode()).isEqualTo(503);
                refused.close();
            }
        } finally {
            System.setErr(stderr);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log.lines().filter(line -> line.contains("WARN") && line.contains("refused a new session")))
                .as(log).hasSize(1);
    }

    @Test
    void anIdleSessionExpiresAndIsThen404() throws Exception {
        start(HttpOptions.defaults().withSessionIdleTimeout(Duration.ofMillis(300)));
        var ended = new LinkedBlockingQueue<String>();
        fixture.transport.onSessionEnded(ended::add);
        client.initialize("2025-11-25");
        assertThat(ended.poll(10, TimeUnit.SECONDS)).isEqualTo(client.sessionId);
        assertThat(client.postString(call(1, "echo", false)).statusCode()).isEqualTo(404);
        assertThat(fixture.engine.sessionCount()).isZero();
    }

    @Test
    void anOpenGetStreamKeepsItsSessionFromExpiring() throws Exception {
        // An idle timeout long enough for initialize and its notification on a loaded machine (200 ms was not: the
        // session expired between them), and a wait of three timeouts with the stream open.
        start(HttpOptions.defaults().withSessionIdleTimeout(Duration.ofSeconds(1)).withKeepAlive(Duration.ofMillis(50)));
        var ended = new LinkedBlockingQueue<String>();
        fixture.transport.onSessionEnded(ended::add);
        client.initialize("2025-11-25");
        var stream = client.stream(client.get());
        try (var reader = new SseReader(stream.body())) {
            reader.next(); // priming
            assertThat(ended.poll(3, TimeUnit.SECONDS)).isNull();
            assertThat(client.postString(call(1, "echo", false)).statusCode()).isEqualTo(200);
        }
    }
}
