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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.jmcp.client.http.RawHttpRequests.readRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A request answered with one JSON body, framed by its Content-Length or chunked: read whole and no further, so the
 * connection goes back to the JDK's pool and carries the next request; a body past the message bound is refused.
 */
@Timeout(30)
class JsonAnswerTest {
    private static final int PINGS = 20;

    @Test
    void answersOfAKnownLengthLeaveTheirConnectionToTheNextRequest() throws Exception {
        var server = new Server(false, 0);
        try (var socket = server.open()) {
            try (McpClient client = McpClient.http(server.uri())) {
                for (int i = 0; i < PINGS; i++) client.ping();
            }
        }
        // Each ping's answer read to its end returns the connection: the pings share one (two, should the JDK's pool
        // hand them the one the refused GET came on). An answer's stream closed before its end cancels the exchange,
        // and the next ping opens a connection of its own.
        assertThat(server.pings.get()).isEqualTo(PINGS);
        assertThat(server.pingConnections).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void chunkedAnswersAreReadWhole() throws Exception {
        var server = new Server(true, 0);
        try (var socket = server.open()) {
            try (McpClient client = McpClient.http(server.uri())) {
                for (int i = 0; i < 3; i++) client.ping();
            }
        }
        assertThat(server.pings.get()).isEqualTo(3);
    }

    @Test
    void anAnswerPastTheMessageBoundIsRefusedWhateverItsFraming() throws Exception {
        for (boolean chunked : new boolean[] {false, true}) {
            var server = new Server(chunked, 4096);
            try (var socket = server.open()) {
                try (McpClient client = McpClient.builder().maxMessageBytes(2048).http(server.uri())) {
                    assertThatThrownBy(client::ping).isInstanceOf(IOException.class)
                            .hasMessageContaining("larger than 2048 bytes");
                }
            }
        }
    }

    /**
     * A server on a real socket answering initialize and ping (padded with {@code padding} spaces) with JSON, framed
     * by Content-Length or chunked; GET is refused with 405, as a server without a listening stream does.
     */
    private static final class Server {
        final boolean chunked;
        final int padding;
        final AtomicInteger pings = new AtomicInteger();
        final Set<Integer> pingConnections = ConcurrentHashMap.newKeySet();
        private ServerSocket socket;

        Server(boolean chunked, int padding) {
            this.chunked = chunked;
            this.padding = padding;
        }

        ServerSocket open() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(this::accept);
            return socket;
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp");
        }

        private void accept() {
            var connections = new AtomicInteger();
            while (!socket.isClosed()) {
                Socket accepted;
                try {
                    accepted = socket.accept();
                } catch (IOException e) {
                    return;  // the test closed the server socket
                }
                int connection = connections.incrementAndGet();
                Thread.ofVirtual().start(() -> serve(accepted, connection));
            }
        }

        private void serve(Socket accepted, int connection) {
            try (Socket open = accepted) {
                InputStream in = new BufferedInputStream(open.getInputStream());
                OutputStream out = open.getOutputStream();
                for (String[] request; (request = readRequest(in)) != null; ) {
                    if (!request[0].startsWith("POST")) {
                        out.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                    } else if (request[1].contains("\"method\":\"notifications/")) {
                        out.write("HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                    } else {
                        answer(out, request[1], connection);
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // The client closed a connection.
            }
        }

        private void answer(OutputStream out, String body, int connection) throws IOException {
            String id = body.replaceAll("(?s).*\"id\"\\s*:\\s*([0-9]+).*", "$1");
            String result;
            if (body.contains("\"method\":\"initialize\"")) {
                result = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"serverInfo\":{\"name\":\"json-answers\",\"version\":\"1\"}}";
            } else {
                if (body.contains("\"method\":\"ping\"")) {
                    pings.incrementAndGet();
                    pingConnections.add(connection);
                }
                result = "{}" + " ".repeat(padding);
            }
            byte[] answer = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}")
                    .getBytes(StandardCharsets.UTF_8);
            if (!chunked) {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + answer.length
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(answer);
                return;
            }
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            // Two chunks, so a reader that took the first for the whole body is caught.
            int half = answer.length / 2;
            for (int[] chunk : new int[][] {{0, half}, {half, answer.length - half}}) {
                out.write((Integer.toHexString(chunk[1]) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(answer, chunk[0], chunk[1]);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        }
    }
}
