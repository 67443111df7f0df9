package dev.jmcp.server.http;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP framing under any request head and body, over a real socket to a real Jetty: the server answers with a
 * status line (or closes), never an internal error, never Jetty's HTML page or {@code Server} header, and any body it
 * sends with a JSON type is a JSON-RPC message whose error, if any, is readable. The server keeps serving.
 */
class HttpFramingFuzzTest {
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
    void anyRequestBytesGetOneHttpAnswerAndNeverAnInternalError(FuzzedDataProvider data) throws IOException {
        // Jazzer's SSRF detector refuses connections while fuzzing; this test talks to its own server on loopback.
        BugDetectors.allowNetworkConnections((host, port) -> host.equals("127.0.0.1") || host.equals("localhost"));
        String method = data.pickValue(new String[]{"POST", "GET", "DELETE", "PUT", "OPTIONS", "CONNECT", "HEAD"});
        String version = data.pickValue(new String[]{"HTTP/1.1", "HTTP/1.0", "HTTP/1.1", "HTTP/2.0", "HTTP/1.2"});
        boolean chunked = data.consumeBoolean();
        String headers = data.consumeString(600);
        byte[] body = data.consumeRemainingAsBytes();
        var request = new ByteArrayOutputStream();
        request.writeBytes((method + " /mcp " + version + "\r\nHost: 127.0.0.1\r\n").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(headers.getBytes(StandardCharsets.UTF_8));
        request.writeBytes(("\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + (chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + body.length + "\r\n")
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(body);
        String answer = fixture.exchange(request.toByteArray(), true);
        if (answer.isEmpty()) return; // closed without a word: allowed for garbage, checked below to leave us serving
        assertThat(answer).startsWith("HTTP/1.");
        int status = Integer.parseInt(answer.substring(9, 12));
        assertThat(status).as(answer).isNotEqualTo(500);
        int split = answer.indexOf("\r\n\r\n");
        String head = split < 0 ? answer : answer.substring(0, split);
        assertThat(head).doesNotContainIgnoringCase("\nServer:");
        assertThat(answer).doesNotContainIgnoringCase("<html").doesNotContain("Powered by");
        String lower = head.toLowerCase();
        // A HEAD answer carries the headers of the body it leaves out.
        if (!method.equals("HEAD") && split > 0 && lower.contains("content-type: application/json") && lower.contains("content-length:")
                && status >= 400 && answer.length() > split + 4) {
            var length = java.util.regex.Pattern.compile("(?i)\ncontent-length: *(\\d+)").matcher(head);
            if (!length.find()) return;
            int end = Math.min(answer.length(), split + 4 + Integer.parseInt(length.group(1)));
            // A fuzzed head can make one connection carry two requests: read this answer's body only.
            Map<String, Object> message;
            try {
                message = TestClient.object(answer.substring(split + 4, end));
            } catch (RuntimeException e) {
                throw new AssertionError("not a JSON-RPC body: " + answer, e);
            }
            assertThat(message.get("jsonrpc")).isEqualTo("2.0");
            if (message.get("error") instanceof Map<?, ?> error) {
                dev.jmcp.testkit.Readable.assertReadable((String) error.get("message"));
            }
        }
    }

}
