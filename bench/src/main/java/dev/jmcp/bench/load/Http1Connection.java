package dev.jmcp.bench.load;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One keep-alive HTTP/1.1 connection to a server under test, used by one driver thread at a time: a request is written
 * whole, and its answer read whole (by Content-Length, chunked, or to the end of a closing connection) before the next
 * is sent.
 *
 * <p>The driver's client, not the JDK's {@code HttpClient}: that one spends about as much CPU on a request as a small
 * server does answering it (its selector thread, futures and a copy of every body), and on two cores a rate measured
 * through it was the client's: opening sessions, the trivial server reached 2,756 a second through it, and 4,700-6,000
 * through this client (bench/RESULTS.md, "Sessions, with a client that is not the limit").
 */
final class Http1Connection implements AutoCloseable {
    private final InetSocketAddress address;
    private final String host;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    Http1Connection(int port) {
        this.address = new InetSocketAddress("127.0.0.1", port);
        this.host = "127.0.0.1:" + port;
    }

    /** An answer: its status, its header fields (names in lower case, the last value of each) and its body. */
    record Response(int status, Map<String, String> headers, String body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name));
        }
    }

    /**
     * Sends {@code method path} with the given header lines ({@code "Name: value"}, without line ends) and body (none if
     * null) and reads the answer, waiting at most {@code timeout} for each read. A keep-alive connection the server
     * closed while idle is opened again once, before anything of the answer was read.
     */
    Response send(String method, String path, String body, Duration timeout, String... headers) throws IOException {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        var head = new StringBuilder(256).append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ")
                .append(host).append("\r\n");
        for (String header : headers) head.append(header).append("\r\n");
        if (body != null) head.append("Content-Length: ").append(content.length).append("\r\n");
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.US_ASCII);
        // One write, so head and body go out in one segment (TCP_NODELAY is on).
        byte[] request = Arrays.copyOf(headBytes, headBytes.length + content.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
        boolean reused = socket != null;
        String status;
        try {
            status = exchange(request, timeout);
        } catch (EOFException | SocketException closedWhileIdle) {
            if (!reused) throw closedWhileIdle;
            close();
            status = exchange(request, timeout);
        }
        if (!status.startsWith("HTTP/1.") || status.length() < 12) throw new IOException("not an HTTP answer: " + status);
        int code = Integer.parseInt(status.substring(9, 12));
        var fields = new HashMap<String, String>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            if (colon > 0) fields.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        String answer = body(code, fields);
        if ("close".equalsIgnoreCase(fields.get("connection"))) close();
        return new Response(code, fields, answer);
    }

    /** Writes {@code request} on the open connection (opening one if none is) and reads the answer's status line. */
    private String exchange(byte[] request, Duration timeout) throws IOException {
        if (socket == null) open();
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
        out.write(request);
        out.flush();
        return line();
    }

    private String body(int status, Map<String, String> fields) throws IOException {
        if (status == 204 || status == 304 || status / 100 == 1) return "";
        String length = fields.get("content-length");
        if (length != null) return new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
        if ("chunked".equalsIgnoreCase(fields.get("transfer-encoding"))) {
            var bytes = new ByteArrayOutputStream();
            while (true) {
                String size = line();
                int semicolon = size.indexOf(';');
                int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
                if (n == 0) {
                    while (!line().isEmpty()) {
                        // trailer fields, not used
                    }
                    return bytes.toString(StandardCharsets.UTF_8);
                }
                byte[] chunk = in.readNBytes(n);
                if (chunk.length < n) throw new EOFException("the connection ended inside a chunk");
                bytes.writeBytes(chunk);
                line();
            }
        }
        // Neither: the body lasts until the server closes the connection.
        String rest = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        close();
        return rest;
    }

    private String line() throws IOException {
        var line = new StringBuilder(64);
        while (true) {
            int c = in.read();
            if (c < 0) throw new EOFException("the connection ended" + (line.isEmpty() ? "" : " inside a line"));
            if (c == '\n') return line.toString();
            if (c != '\r') line.append((char) c);
        }
    }

    private void open() throws IOException {
        var opened = new Socket();
        try {
            opened.setTcpNoDelay(true);
            opened.connect(address, 5_000);
            in = new BufferedInputStream(opened.getInputStream(), 16 * 1024);
            out = opened.getOutputStream();
        } catch (IOException e) {
            opened.close();
            throw e;
        }
        socket = opened;
    }

    @Override
    public void close() {
        Socket open = socket;
        socket = null;
        if (open != null) {
            try {
                open.close();
            } catch (IOException e) {
                // Closing a loopback socket: nothing to do about it.
            }
        }
    }
}
