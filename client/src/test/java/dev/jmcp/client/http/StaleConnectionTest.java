package dev.jmcp.client.http;

import dev.jmcp.client.McpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.jmcp.client.http.RawHttpRequests.readRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A keep-alive connection the server closes while the client sends on it (as Node's servers do to a connection idle
 * for 5 s): the request is sent again on a new connection, once, and answered; a request answered on the first try is
 * sent once.
 */
@Timeout(30)
class StaleConnectionTest {

    @Test
    void aRequestWhoseConnectionEndsBeforeAnyAnswerIsSentAgainOnce() throws Exception {
        List<String> methods = new CopyOnWriteArrayList<>();
        try (var server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serve(server, methods));
            URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/mcp");
            try (McpClient client = McpClient.http(uri)) {
                client.ping();
            }
        }
        // The first connection answers the client's first two POSTs (its revision probe and initialize), reads the
        // third (notifications/initialized) and closes unanswered: that one is sent again on a second connection,
        // once, and everything after it is answered.
        assertThat(methods).containsSubsequence("initialize", "notifications/initialized",
                "notifications/initialized", "ping");
        assertThat(methods.stream().filter("notifications/initialized"::equals).count()).isEqualTo(2);
        assertThat(methods.stream().filter("initialize"::equals).count()).isEqualTo(1);
        assertThat(methods.stream().filter("ping"::equals).count()).isEqualTo(1);
    }

    @Test
    void onlyAConnectionEndedBeforeTheAnswerCounts() {
        assertThat(StreamableHttpTransport.closedBeforeAnswering(
                new IOException("HTTP/1.1 header parser received no bytes"))).isTrue();
        assertThat(StreamableHttpTransport.closedBeforeAnswering(
                new IOException("wrapped", new java.io.EOFException("EOF reached while reading")))).isTrue();
        assertThat(StreamableHttpTransport.closedBeforeAnswering(new java.net.ConnectException("refused"))).isFalse();
        assertThat(StreamableHttpTransport.closedBeforeAnswering(
                new java.net.http.HttpTimeoutException("request timed out"))).isFalse();
    }

    /**
     * The first connection answers two POSTs, reads the third and closes; every later one answers all it gets. A GET
     * (the client's listening stream) is refused with 405, which tells the client the server has none.
     */
    private static void serve(ServerSocket server, List<String> methods) {
        var connections = new java.util.concurrent.atomic.AtomicInteger();
        while (!server.isClosed()) {
            Socket accepted;
            try {
                accepted = server.accept();
            } catch (IOException e) {
                return;  // the test closed the server socket
            }
            int connection = connections.incrementAndGet();
            Thread.ofVirtual().start(() -> {
                try (Socket socket = accepted) {
                    InputStream in = new BufferedInputStream(socket.getInputStream());
                    OutputStream out = socket.getOutputStream();
                    for (int served = 0; ; ) {
                        String[] request = readRequest(in);
                        if (request == null) break;
                        if (request[0].startsWith("GET") || request[0].startsWith("DELETE")) {
                            out.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
                            out.flush();
                            continue;
                        }
                        String body = request[1];
                        String method = body.replaceAll("(?s).*\"method\"\\s*:\\s*\"([^\"]+)\".*", "$1");
                        methods.add(method);
                        if (connection == 1 && served++ == 2) break;  // read, then closed unanswered
                        if (method.startsWith("notifications/")) {
                            out.write("HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
                        } else {
                            String id = body.replaceAll("(?s).*\"id\"\\s*:\\s*([0-9]+).*", "$1");
                            String result = method.equals("initialize")
                                    ? "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                                            + "\"serverInfo\":{\"name\":\"stale\",\"version\":\"1\"}}"
                                    : "{}";
                            byte[] answer = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}")
                                    .getBytes(StandardCharsets.UTF_8);
                            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                    + answer.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                            out.write(answer);
                        }
                        out.flush();
                    }
                } catch (IOException e) {
                    // The client closed a connection.
                }
            });
        }
    }
}
