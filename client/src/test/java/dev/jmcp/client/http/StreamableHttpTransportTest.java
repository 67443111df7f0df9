package dev.jmcp.client.http;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.testkit.StubHttpServer;
import dev.jmcp.testkit.StubHttpServer.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The HTTP transport against a stub that misbehaves; the real server is spoken to in dist's ClientIT. */
@Timeout(30)
class StreamableHttpTransportTest {

    @Test
    void anAnswerThatIsNeitherJsonNorAnEventStreamIsAClearError() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/mcp", Response.of(200, "text/html", "<html>login</html>".getBytes(StandardCharsets.UTF_8)));
            assertThatThrownBy(() -> stateful().http(stub.uri().resolve("/mcp")))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("text/html")
                    // An HTML page is summed up, never printed: a terminal is no browser.
                    .hasMessageContaining("a web page")
                    .hasMessageNotContaining("<html>");
            var init = stub.takeRequest(Duration.ofSeconds(5));
            assertThat(init.method()).isEqualTo("POST");
            assertThat(init.headers().get("accept").getFirst()).contains("application/json", "text/event-stream");
            assertThat(new String(init.body(), StandardCharsets.UTF_8)).contains("\"initialize\"", "2025-11-25");
        }
    }

    @Test
    void anHttpErrorCarryingAJsonRpcErrorBecomesMcpErrorException() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/mcp", Response.json(400,
                    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Bad request: no way\"}}"));
            assertThatThrownBy(() -> McpClient.http(stub.uri().resolve("/mcp")))
                    .isInstanceOfSatisfying(McpErrorException.class, e -> {
                        assertThat(e.code()).isEqualTo(-32600);
                        assertThat(e.getMessage()).isEqualTo("Bad request: no way");
                    });
        }
    }

    @Test
    void anHttpErrorWithoutJsonRpcNamesTheStatus() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/mcp", Response.text(502, "upstream down"));
            assertThatThrownBy(() -> McpClient.http(stub.uri().resolve("/mcp")))
                    .isInstanceOf(IOException.class).hasMessageContaining("HTTP 502").hasMessageContaining("upstream down");
        }
    }

    @Test
    void aServerThatNeverAnswersTimesOut() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/mcp", Response.hang());
            assertThatThrownBy(() -> McpClient.builder().requestTimeout(Duration.ofMillis(300))
                    .http(stub.uri().resolve("/mcp")))
                    .isInstanceOf(IOException.class).hasMessageContaining("initialize");
        }
    }

    @Test
    void nobodyListeningIsAnIOException() throws Exception {
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        assertThatThrownBy(() -> McpClient.http(URI.create("http://127.0.0.1:" + port + "/mcp")))
                .isInstanceOf(IOException.class).hasMessageContaining("127.0.0.1:" + port);
    }

    @Test
    void anSseAnswerIsReadUpToTheResponse() throws Exception {
        try (var stub = StubHttpServer.start()) {
            String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"serverInfo\":{\"name\":\"stub\",\"version\":\"0\"}}}";
            stub.respond("/mcp", new Response(200, Map.of("Content-Type", "text/event-stream", "Mcp-Session-Id", "s-1"),
                    ("id: 1-0\nretry: 10\ndata: \n\n: keep-alive\n\nid: 1-1\ndata: " + init + "\n\n")
                            .getBytes(StandardCharsets.UTF_8), false));
            try (var client = stateful().http(stub.uri().resolve("/mcp"))) {
                assertThat(client.serverInfo().name()).isEqualTo("stub");
                assertThat(client.protocolVersion().wire()).isEqualTo("2025-06-18");
                var initialized = stub.takeRequest(Duration.ofSeconds(5));
                initialized = initialized.method().equals("POST") && new String(initialized.body()).contains("initialize\"")
                        ? stub.takeRequest(Duration.ofSeconds(5)) : initialized;
                assertThat(initialized.headers().get("mcp-session-id")).containsExactly("s-1");
                assertThat(initialized.headers().get("mcp-protocol-version")).containsExactly("2025-06-18");
            }
        }
    }

    /** A client that opens with initialize (the stub answers every POST alike, so no server/discover probe). */
    private static dev.jmcp.client.McpClientBuilder stateful() {
        return McpClient.builder().protocolVersion(dev.jmcp.protocol.ProtocolVersion.LATEST_STATEFUL);
    }
}
