package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TestClient.call;
import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/** The 2024-11-05 HTTP+SSE transport end to end, beside Streamable HTTP on the same server. */
@Timeout(30)
class LegacySseTest {
    private HttpFixture fixture;
    private TestClient client;

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (fixture != null) fixture.close();
    }

    private HttpResponse<String> postTo(URI endpoint, String json) throws Exception {
        return client.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    @Test
    void aClientOpensTheStreamPostsToTheEndpointAndReadsAnswersOnTheStream() throws Exception {
        // A short keep-alive: the server notices a closed stream at its next write.
        fixture = new HttpFixture(HttpOptions.defaults().withTransports(true, true).withKeepAlive(Duration.ofMillis(50)));
        var ended = new LinkedBlockingQueue<String>();
        fixture.transport.onSessionEnded(ended::add);
        client = new TestClient(fixture.transport.url());
        URI base = fixture.transport.url().resolve("/sse");
        var stream = client.stream(HttpRequest.newBuilder(base).header("Accept", "text/event-stream").GET());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
        try (var reader = new SseReader(stream.body())) {
            var endpoint = reader.next();
            assertThat(endpoint.event()).isEqualTo("endpoint");
            assertThat(endpoint.data()).startsWith("/messages?sessionId=");
            URI messages = base.resolve(endpoint.data());
            String sessionId = endpoint.data().substring(endpoint.data().indexOf('=') + 1);

            var accepted = postTo(messages, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
            assertThat(accepted.statusCode()).isEqualTo(202);
            var init = reader.next();
            assertThat(init.event()).isEqualTo("message");
            assertThat(object(init.data()).toString()).contains("2024-11-05");
            assertThat(postTo(messages, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode()).isEqualTo(202);

            assertThat(postTo(messages, call(1, "progress", true)).statusCode()).isEqualTo(202);
            SseEvent event;
            do {
                event = reader.next();
            } while (!object(event.data()).containsKey("id"));
            assertThat(object(event.data()).get("id")).isEqualTo(1);
            assertThat(event.data()).contains("done");

            var malformed = postTo(messages, "{nope");
            assertThat(malformed.statusCode()).isEqualTo(400);
            assertThat(object(malformed.body()).get("error").toString()).contains("-32700");
            assertThat(postTo(base.resolve("/messages?sessionId=unknown"), call(2, "echo", false)).statusCode()).isEqualTo(404);
            assertThat(fixture.transport.sessionCount()).isEqualTo(1);
            // closing the stream ends the session
            stream.body().close();
            assertThat(ended.poll(10, TimeUnit.SECONDS)).isEqualTo(sessionId);
            assertThat(postTo(messages, call(3, "echo", false)).statusCode()).isEqualTo(404);
            assertThat(fixture.engine.sessionCount()).isZero();
        }
    }

    @Test
    void legacyEndpointsAreAbsentUnlessEnabled() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults());
        client = new TestClient(fixture.transport.url());
        var response = client.send(HttpRequest.newBuilder(fixture.transport.url().resolve("/sse"))
                .header("Accept", "text/event-stream").GET());
        assertThat(response.statusCode()).isEqualTo(404);
    }
}
