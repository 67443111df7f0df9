package dev.jmcp.client.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jmcp.client.McpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server that closes the POST's connection after the priming event (SEP-1699 polling): the client resumes with GET
 * and {@code Last-Event-ID} after the {@code retry} delay and gets its answer there. Played by the JDK's HTTP server.
 */
@Timeout(20)
class ResumptionTest {
    private static final String INIT_RESULT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":{},\"serverInfo\":{\"name\":\"polling\",\"version\":\"0\"}}}";

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
            seen.add(exchange.getRequestMethod() + " " + (lastEventId == null ? "" : lastEventId) + " "
                    + exchange.getRequestHeaders().getFirst("Mcp-Session-Id"));
            switch (exchange.getRequestMethod()) {
                case "POST" -> {
                    if (body.contains("\"initialize\"")) {
                        exchange.getResponseHeaders().add("Mcp-Session-Id", "poll-1");
                        sse(exchange, "id: 1-0\nretry: 50\ndata: \n\n");
                    } else {
                        exchange.sendResponseHeaders(202, -1);
                    }
                }
                case "GET" -> {
                    if ("1-0".equals(lastEventId)) sse(exchange, "id: 1-1\ndata: " + INIT_RESULT + "\n\n");
                    else exchange.sendResponseHeaders(405, -1);
                }
                default -> exchange.sendResponseHeaders(204, -1);
            }
        }
    }

    private static void sse(HttpExchange exchange, String events) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        byte[] bytes = events.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Test
    void aStreamClosedBeforeItsAnswerIsResumedWithLastEventId() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");

        // Pinned: this stub speaks initialize only, and the probe would shift the requests seen.
        try (var client = McpClient.builder().protocolVersion(dev.jmcp.protocol.ProtocolVersion.LATEST_STATEFUL).http(url)) {
            assertThat(client.serverInfo().name()).isEqualTo("polling");
        }
        assertThat(seen).startsWith("POST  null", "GET 1-0 poll-1");
        assertThat(seen).contains("DELETE  poll-1");
    }
}
