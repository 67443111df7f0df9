package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written and read by hand, for tests that must not blame the server for a client's bugs (the JDK client's
 * pool has lost responses of its own: JDK-8336655, JDK-8357639) or that send what no client library would.
 */
final class RawHttp {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private RawHttp() {
    }

    /** A response read off a {@link KeptAliveConnection}: status, lower-case header names, body as text. */
    record RawResponse(int status, Map<String, String> headers, String body) {
        /** The JSON-RPC messages of the response: its JSON body, or the data of each event of its event stream. */
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> messages() {
            var messages = new ArrayList<Map<String, Object>>();
            if (headers.getOrDefault("content-type", "").startsWith("application/json")) {
                messages.add((Map<String, Object>) CODEC.parse(body.getBytes(StandardCharsets.UTF_8)));
            } else {
                for (String line : body.split("\n")) {
                    if (line.startsWith("data:") && line.length() > 6) {
                        messages.add((Map<String, Object>) CODEC.parse(line.substring(5).strip()
                                .getBytes(StandardCharsets.UTF_8)));
                    }
                }
            }
            return messages;
        }
    }

    /**
     * One HTTP/1.1 connection kept alive across requests, used by one thread: a POST, its whole response (by
     * {@code Content-Length} or chunked), then the next. Opened again only when the server closes it after a response
     * that said so; any other end is a failure to report.
     */
    static final class KeptAliveConnection implements AutoCloseable {
        private final URI url;
        private Socket socket;
        private BufferedInputStream in;
        private int opened;
        private int exchanges;

        KeptAliveConnection(URI url) {
            this.url = url;
        }

        /** A 2025-11-25 POST of {@code json} in {@code session}. */
        RawResponse post(String session, String json) throws IOException {
            return send("POST", Map.of("Content-Type", "application/json", "Accept",
                    "application/json, text/event-stream", "MCP-Protocol-Version", "2025-11-25", "Mcp-Session-Id",
                    session), json.getBytes(StandardCharsets.UTF_8));
        }

        /** Any request to the endpoint: {@code method}, these headers (and Host, Content-Length), this body. */
        RawResponse send(String method, Map<String, String> headers, byte[] body) throws IOException {
            if (socket == null) {
                socket = new Socket(url.getHost(), url.getPort());
                socket.setSoTimeout(30_000);
                socket.setTcpNoDelay(true);
                in = new BufferedInputStream(socket.getInputStream());
                opened++;
            }
            var head = new StringBuilder(method).append(' ').append(url.getPath()).append(" HTTP/1.1\r\nHost: ")
                    .append(url.getHost()).append(':').append(url.getPort()).append("\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
            // Head and body in one write: two small writes would wait on Nagle's algorithm and a delayed ACK.
            var request = new ByteArrayOutputStream(head.length() + body.length);
            request.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            request.write(body);
            socket.getOutputStream().write(request.toByteArray());
            String status = line();
            if (status == null) throw new EOFException("the server closed the connection instead of answering");
            var answer = new HashMap<String, String>();
            for (String header = line(); header != null && !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                answer.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        header.substring(colon + 1).strip());
            }
            var content = new ByteArrayOutputStream();
            if ("chunked".equalsIgnoreCase(answer.get("transfer-encoding"))) {
                for (int size = chunkSize(); size > 0; size = chunkSize()) {
                    content.write(in.readNBytes(size));
                    line();
                }
                for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
                    // Trailers are not used; read past them.
                }
            } else {
                content.write(in.readNBytes(Integer.parseInt(answer.getOrDefault("content-length", "0"))));
            }
            exchanges++;
            if ("close".equalsIgnoreCase(answer.get("connection"))) close();
            return new RawResponse(Integer.parseInt(status.split(" ")[1]), answer,
                    content.toString(StandardCharsets.UTF_8));
        }

        private int chunkSize() throws IOException {
            String size = line();
            if (size == null) throw new EOFException("the server closed the connection inside a chunked body");
            int extension = size.indexOf(';');
            return Integer.parseInt(extension < 0 ? size.strip() : size.substring(0, extension).strip(), 16);
        }

        /** One CRLF-ended line, or null at the end of the stream. */
        private String line() throws IOException {
            var line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) return line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
                if (b != '\r') line.write(b);
            }
            return line.toString(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() {
            try {
                if (socket != null) socket.close();
            } catch (IOException ignored) {
                // Closing a connection the test is done with.
            }
            socket = null;
        }

        @Override
        public String toString() {
            return "connection " + opened + " of this caller, after " + exchanges + " answers on this caller";
        }
    }
}
