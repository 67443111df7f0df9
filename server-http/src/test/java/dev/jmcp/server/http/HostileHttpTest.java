package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed and hostile HTTP over a raw socket: every refusal is a short JSON-RPC error body with the right status,
 * never Jetty's HTML page, never a {@code Server} header, never an internal error for the client's mistake.
 */
@Timeout(60)
class HostileHttpTest {
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final String HEADERS = "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n";

    private static HttpFixture fixture;

    @BeforeAll
    static void start() throws IOException {
        fixture = new HttpFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static String exchange(String request) throws IOException {
        return fixture.exchange(request.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    private static String post(String extraHeaders, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return exchange("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n" + HEADERS + extraHeaders + "Content-Length: "
                + bytes.length + "\r\nConnection: close\r\n\r\n" + new String(bytes, StandardCharsets.ISO_8859_1));
    }

    /** The status, after checking the answer is a JSON-RPC error body with nothing of Jetty in it. */
    private static int jsonRpcRefusal(String answer) {
        assertThat(answer).startsWith("HTTP/1.1 ");
        assertThat(answer).doesNotContainIgnoringCase("jetty").doesNotContainIgnoringCase("<html")
                .doesNotContain("Exception").doesNotContainIgnoringCase("\nServer:");
        int split = answer.indexOf("\r\n\r\n");
        assertThat(split).as(answer).isPositive();
        assertThat(answer.substring(0, split)).containsIgnoringCase("Content-Type: application/json");
        var body = TestClient.object(answer.substring(split + 4));
        assertThat(body.get("jsonrpc")).isEqualTo("2.0");
        assertThat(body.get("error")).isInstanceOf(Map.class);
        return Integer.parseInt(answer.substring(9, 12));
    }

    @Test
    void noAnswerCarriesAServerHeader() throws IOException {
        String answer = post("", INIT);
        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(answer.substring(0, answer.indexOf("\r\n\r\n"))).doesNotContainIgnoringCase("\nServer:");
    }

    @Test
    void anOriginWithUserInfoIsRefused() throws IOException {
        assertThat(jsonRpcRefusal(post("Origin: http://localhost:80@evil.com\r\n", INIT))).isEqualTo(403);
        assertThat(jsonRpcRefusal(post("Origin: http://localhost@evil.com\r\n", INIT))).isEqualTo(403);
        assertThat(jsonRpcRefusal(post("Origin: http://localhost/../evil.com\r\n", INIT))).isEqualTo(403);
    }

    @Test
    void twoOriginHeadersAreRefusedEvenWithTheLoopbackOneFirst() throws IOException {
        assertThat(jsonRpcRefusal(post("Origin: http://localhost\r\nOrigin: http://evil.com\r\n", INIT))).isEqualTo(403);
    }

    @Test
    void anHttp10RequestWithoutHostIsRefused() throws IOException {
        byte[] body = INIT.getBytes(StandardCharsets.UTF_8);
        String answer = exchange("POST /mcp HTTP/1.0\r\n" + HEADERS + "Content-Length: " + body.length + "\r\n\r\n" + INIT);
        assertThat(answer).startsWith("HTTP/1.");
        assertThat(answer.substring(9, 12)).isEqualTo("403");
        assertThat(answer).doesNotContainIgnoringCase("jetty").contains("no Host header");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json-seq, text/event-stream-x", "application/jsonx, text/event-streams",
            "application/json, text/event-stream;q=0", "text/plain; x=\"application/json, text/event-stream\""})
    void anAcceptHeaderIsReadAsAListOfMediaRangesNotSubstrings(String accept) throws IOException {
        byte[] bytes = INIT.getBytes(StandardCharsets.UTF_8);
        String answer = exchange("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: "
                + accept + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n" + INIT);
        assertThat(jsonRpcRefusal(answer)).isEqualTo(406);
    }

    @Test
    void acceptRangesWithParametersAndWildcardsStillPass() throws IOException {
        assertThat(MediaTypes.acceptsPostAnswers("application/json;q=0.9, text/event-stream;q=0.5")).isTrue();
        assertThat(MediaTypes.acceptsPostAnswers("application/*, text/*")).isTrue();
        assertThat(MediaTypes.acceptsPostAnswers("*/*;q=0.1")).isTrue();
        assertThat(MediaTypes.acceptsEventStream("text/event-stream-x")).isFalse();
    }

    @Test
    void overlongAndSurrogateUtf8InABodyAreParseErrors() throws IOException {
        for (byte[] bad : new byte[][]{{(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}}) {
            String text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + new String(bad,
                    StandardCharsets.ISO_8859_1) + "\"}}";
            String answer = fixture.exchange(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n" + HEADERS + "Content-Length: "
                    + text.length() + "\r\nConnection: close\r\n\r\n" + text).getBytes(StandardCharsets.ISO_8859_1), false);
            jsonRpcRefusal(answer);
            assertThat(answer).contains("-32700").contains("invalid UTF-8");
        }
    }

    @Test
    void anOversizedHeaderGetsAJsonRpc431() throws IOException {
        assertThat(jsonRpcRefusal(post("X-Big: " + "a".repeat(20_000) + "\r\n", INIT))).isEqualTo(431);
    }

    @Test
    void tooManyHeadersGetAJsonRpc431() throws IOException {
        var many = new StringBuilder();
        for (int i = 0; i < 2_000; i++) many.append("X-H").append(i).append(": v\r\n");
        assertThat(jsonRpcRefusal(post(many.toString(), INIT))).isEqualTo(431);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Bad Header Line\r\n",
            "X-Bad\u0001Name: v\r\n",
            "Content-Length: 5\r\n",
            "Transfer-Encoding: chunked\r\n",
            "Transfer-Encoding: gzip, chunked\r\n",
            " folded: continuation\r\n"})
    void malformedOrSmugglingHeadersGetAJsonRpc400(String header) throws IOException {
        assertThat(jsonRpcRefusal(post(header, INIT))).isBetween(400, 499);
    }

    @Test
    void connectIsRefusedWithAJsonRpcBody() throws IOException {
        int status = jsonRpcRefusal(exchange("CONNECT evil.com:443 HTTP/1.1\r\nHost: evil.com:443\r\nConnection: close\r\n\r\n"));
        assertThat(status).isBetween(400, 499);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "zz\r\n{}\r\n0\r\n\r\n",
            "-5\r\n{}\r\n0\r\n\r\n",
            "ffffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
            "10\r\n{}",
            "2\r\n{}",
            "2\r\n{}XX\r\n0\r\n\r\n",
            "2\n{}\n0\n\n",
            "2;\u0001ext\r\n{}\r\n0\r\n\r\n",
            "2 \r\n{}\r\n0\r\n\r"})
    void aMalformedChunkedBodyGetsA400(String chunks) throws IOException {
        String answer = fixture.exchange(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n" + HEADERS
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks).getBytes(StandardCharsets.ISO_8859_1), true);
        assertThat(jsonRpcRefusal(answer)).as(answer).isEqualTo(400);
    }

    @Test
    void theServerStillAnswersAfterTheHostileRequests() throws IOException {
        assertThat(post("", INIT)).startsWith("HTTP/1.1 200");
    }
}
