package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of bad input, sent to the real server over stdio: each gets the error the specification names, and
 * the server goes on serving every other request.
 */
@Timeout(60)
class BadInputIT {
    @TempDir
    Path work;

    private McpProcess server;

    @BeforeEach
    void start() throws Exception {
        server = Distribution.serve(Distribution.bundledPlugins(), Map.of(), work, "--max-message-size", "64KiB");
    }

    @AfterEach
    void stillServingAndStdoutClean() throws Exception {
        try {
            assertThat(server.request("ping", Map.of())).containsKey("result");
            assertThat(server.nonProtocolLines()).isEmpty();
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        } finally {
            server.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> response) {
        assertThat(response).containsKey("error");
        return (Map<String, Object>) response.get("error");
    }

    @Test
    void requestsBeforeInitializeAreRefusedWithAClearError() throws Exception {
        var response = server.request("tools/list", Map.of());
        assertThat(error(response).get("code")).isEqualTo(-32600);
        assertThat((String) error(response).get("message")).contains("initialize");
        server.initialize("2025-11-25", Map.of());
    }

    @Test
    void aSecondInitializeIsRefused() throws Exception {
        server.initialize("2025-11-25", Map.of());
        var again = server.request("initialize", Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of(),
                "clientInfo", Map.of("name", "x", "version", "1")));
        assertThat(error(again).get("code")).isEqualTo(-32600);
    }

    @Test
    void malformedJsonIsAParseErrorWithANullId() throws Exception {
        server.initialize("2025-11-25", Map.of());
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"");
        var response = server.awaitUnmatched();
        assertThat(response).containsEntry("id", null);
        assertThat(error(response).get("code")).isEqualTo(-32700);
    }

    @Test
    void validJsonThatIsNotARequestIsInvalidRequest() throws Exception {
        server.initialize("2025-11-25", Map.of());
        server.sendLine("{\"jsonrpc\":\"2.0\",\"params\":{}}");
        assertThat(error(server.awaitUnmatched()).get("code")).isEqualTo(-32600);
        server.sendLine("\"hello\"");
        assertThat(error(server.awaitUnmatched()).get("code")).isEqualTo(-32600);
    }

    @Test
    void anUnknownMethodIsMethodNotFound() throws Exception {
        server.initialize("2025-11-25", Map.of());
        var response = server.request("tools/teleport", Map.of());
        assertThat(error(response).get("code")).isEqualTo(-32601);
        assertThat((String) error(response).get("message")).contains("tools/teleport");
    }

    @Test
    void wrongParamsAreInvalidParamsNamingTheProblem() throws Exception {
        server.initialize("2025-11-25", Map.of());
        var noName = server.request("tools/call", Map.of("arguments", Map.of()));
        assertThat(error(noName).get("code")).isEqualTo(-32602);
        assertThat((String) error(noName).get("message")).contains("'name'");
        var badType = server.request("resources/read", Map.of("uri", 42));
        assertThat(error(badType).get("code")).isEqualTo(-32602);
        assertThat((String) error(badType).get("message")).contains("'uri'", "string");
        var badArgs = server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", "soon")));
        assertThat(badArgs.get("isError")).isEqualTo(true);
        assertThat(badArgs.toString()).contains("milliseconds");
    }

    @Test
    void anOversizedLineIsAnsweredAndTheRestOfTheStreamServed() throws Exception {
        server.initialize("2025-11-25", Map.of());
        String pad = "x".repeat(100 * 1024);
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"ping\",\"params\":{\"pad\":\"" + pad + "\"}}");
        var response = server.awaitUnmatched();
        assertThat(error(response).get("code")).isEqualTo(-32600);
        assertThat((String) error(response).get("message")).contains("exceeds the limit of 65536 bytes");
    }

    @Test
    void aDuplicateIdInFlightIsRefusedAndTheFirstRequestStillAnswered() throws Exception {
        server.initialize("2025-11-25", Map.of());
        var first = server.sendRequest("same", "tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 500)));
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"same\",\"method\":\"ping\"}");
        var answers = List.of(server.await(first, "first"), server.awaitUnmatched());
        assertThat(answers).anySatisfy(a -> assertThat(error(a).get("message").toString()).contains("already in use"));
        assertThat(answers).anySatisfy(a -> assertThat(a.toString()).contains("Slept 500"));
    }

    @Test
    void aResponseToARequestNeverSentIsDropped() throws Exception {
        server.initialize("2025-11-25", Map.of());
        server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"nobody-asked\",\"result\":{}}");
        assertThat(server.call("ping", Map.of())).isEmpty();
        assertThat(server.unmatchedResponses()).isEmpty();
    }

    @Test
    void batchesAreAnsweredIn20250326AndRefusedLater() throws Exception {
        server.initialize("2025-03-26", Map.of());
        server.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b2\",\"method\":\"tools/list\"}]");
        var one = server.awaitUnmatched();
        var two = server.awaitUnmatched();
        assertThat(List.of(one.get("id"), two.get("id"))).containsExactlyInAnyOrder("b1", "b2");
    }

    @Test
    void aBatchIsInvalidIn20250618() throws Exception {
        server.initialize("2025-06-18", Map.of());
        server.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"ping\"}]");
        assertThat(error(server.awaitUnmatched()).get("code")).isEqualTo(-32600);
    }

    @Test
    void invalidUtf8AndControlBytesDoNotStopTheServer() throws Exception {
        server.initialize("2025-11-25", Map.of());
        server.sendRaw(new byte[]{(byte) 0xff, (byte) 0xfe, 0x00, 0x01, '\n'});
        assertThat(error(server.awaitUnmatched()).get("code")).isEqualTo(-32700);
        server.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":\"deep\",\"method\":\"ping\",\"params\":{\"a\":".repeat(1)
                .concat("[".repeat(5000)).concat("\n").getBytes(StandardCharsets.UTF_8));
        assertThat(error(server.awaitUnmatched()).get("code")).isEqualTo(-32700);
    }
}
