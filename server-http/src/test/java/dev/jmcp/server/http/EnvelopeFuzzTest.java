package dev.jmcp.server.http;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 2026-07-28 {@code _meta} envelope under any content, over real HTTP: every request gets exactly one answer,
 * a result or a JSON-RPC error with a readable message, never an internal error.
 */
class EnvelopeFuzzTest {
    private static HttpFixture fixture;

    @BeforeAll
    static void start() throws IOException {
        fixture = new HttpFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @FuzzTest(maxDuration = "10s")
    void anyMetaEnvelopeIsServedOrRefusedWithAReadableError(FuzzedDataProvider data) throws IOException {
        // Jazzer's SSRF detector refuses connections while fuzzing; this test talks to its own server on loopback.
        BugDetectors.allowNetworkConnections((host, port) -> host.equals("127.0.0.1") || host.equals("localhost"));
        String method = data.pickValue(new String[]{"tools/list", "tools/call", "server/discover", "resources/list",
                "prompts/list", "subscriptions/listen", "ping"});
        String params = data.consumeRemainingAsString();
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: "
                + method + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        var all = new java.io.ByteArrayOutputStream();
        all.writeBytes(request.getBytes(StandardCharsets.ISO_8859_1));
        all.writeBytes(bytes);
        String answer = fixture.exchange(all.toByteArray(), true);
        assertThat(answer).startsWith("HTTP/1.1 ");
        int status = Integer.parseInt(answer.substring(9, 12));
        assertThat(status).as(answer).isNotEqualTo(500);
        int split = answer.indexOf("\r\n\r\n");
        String head = answer.substring(0, split);
        if (head.toLowerCase().contains("content-type: application/json")) {
            var message = TestClient.object(answer.substring(split + 4));
            if (message.get("error") instanceof Map<?, ?> error) {
                dev.jmcp.testkit.Readable.assertReadable((String) error.get("message"));
            }
        }
    }
}
