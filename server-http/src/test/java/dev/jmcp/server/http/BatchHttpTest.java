package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, item 7(b) and (c): every batch POST (2025-03-26) is answered on its own exchange, even when two are in
 * flight at once with clashing ids, and a slow batch becomes an event stream with keep-alives as a single request does.
 */
@Timeout(30)
class BatchHttpTest {
    private HttpFixture fixture;
    private TestClient client;

    private void start(HttpOptions options) throws Exception {
        fixture = new HttpFixture(options);
        client = new TestClient(fixture.transport.url());
        client.initialize("2025-03-26");
    }

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (fixture != null) fixture.close();
    }

    private static String call(String id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"text\":\"" + id + "\"}}}";
    }

    @Test
    void twoBatchesInFlightAtOnceWithAClashingIdAreBothAnswered() throws Exception {
        start(HttpOptions.defaults());
        var first = client.http.sendAsync(client.post("[" + call("x", "gated") + "]").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fixture.gatedStarted.await(10, TimeUnit.SECONDS)).isTrue();

        var second = client.postString("[" + call("x", "echo") + "," + call("y", "echo") + "]");
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).startsWith("[").contains("already in use").contains("echo: y");

        fixture.openGate();
        var answered = first.get(10, TimeUnit.SECONDS);
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).startsWith("[").contains("\"id\":\"x\"").contains("gated done");
    }

    @Test
    void aSlowBatchBecomesAnEventStreamWithKeepAlivesAndEndsWithItsAnswers() throws Exception {
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMillis(50)));
        var response = client.stream(client.post("[" + call("slow-1", "gated") + "," + call("quick", "echo") + "]"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/event-stream"));
        try (var reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            assertThat(reader.readLine()).startsWith(":");
            fixture.openGate();
            String data = null;
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.startsWith("data:")) data = line;
            }
            assertThat(data).as("the batch's answer, as one event").isNotNull().contains("[")
                    .contains("gated done").contains("echo: quick");
        }
    }
}
