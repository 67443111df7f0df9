package dev.jmcp.bench.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * THE BASELINE, not an MCP server: the least a process can do to pass the driver's checks, the floor the issue's
 * "of a trivial server" ratios are taken against. It answers {@code initialize}, {@code tools/list} (one tool,
 * {@code echo}) and {@code tools/call} of {@code echo} by cutting the request's bytes, without a JSON parser, a schema,
 * a session object or a log line: the id and the text are copied from the request as they are (the text still
 * escaped), the rest of each answer is constant. Notifications get nothing (stdio) or 202 (HTTP); anything else gets
 * an empty result. Never use it for anything but measuring.
 *
 * <p>{@code TrivialServer stdio}: one JSON text per line on standard input, answers on standard output, one thread,
 * output flushed when no more input is waiting (so pipelined requests share writes). {@code TrivialServer http PORT}:
 * the JDK's own HTTP server on 127.0.0.1:PORT, {@code POST /mcp}, a virtual thread per exchange, JSON answers, an
 * {@code Mcp-Session-Id} from a counter on {@code initialize}.
 */
public final class TrivialServer {
    private static final byte[] TOOLS = ascii("{\"tools\":[{\"name\":\"echo\",\"description\":\"Echoes the text\","
            + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}}]}");
    private static final byte[] SERVER = ascii("\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"trivial\","
            + "\"version\":\"0\"}}}");
    private static final byte[] EMPTY = ascii("{}");

    private TrivialServer() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 1 && args[0].equals("stdio")) {
            stdio(System.in, System.out);
        } else if (args.length >= 2 && args[0].equals("http")) {
            http(Integer.parseInt(args[1]));
        } else {
            System.err.println("usage: TrivialServer stdio | http PORT");
            System.exit(2);
        }
    }

    private static void stdio(InputStream in, OutputStream stdout) throws IOException {
        var out = new java.io.BufferedOutputStream(stdout, 1 << 16);
        byte[] buffer = new byte[1 << 16];
        byte[] line = new byte[1 << 12];
        int lineLength = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buffer[i] != '\n') continue;
                int part = i - start;
                if (lineLength + part > line.length) line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + part));
                System.arraycopy(buffer, start, line, lineLength, part);
                lineLength += part;
                if (answer(line, lineLength, out)) out.write('\n');
                lineLength = 0;
                start = i + 1;
            }
            int rest = n - start;
            if (lineLength + rest > line.length) line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + rest));
            System.arraycopy(buffer, start, line, lineLength, rest);
            lineLength += rest;
            if (in.available() == 0) out.flush();
        }
        out.flush();
    }

    private static void http(int port) throws IOException {
        var sessions = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/mcp", exchange -> {
            try (exchange) {
                if (!exchange.getRequestMethod().equals("POST")) {
                    exchange.sendResponseHeaders(exchange.getRequestMethod().equals("DELETE") ? 200 : 405, -1);
                    return;
                }
                byte[] request = exchange.getRequestBody().readAllBytes();
                var body = new ByteArrayOutputStream(request.length + 128);
                if (!answer(request, request.length, body)) {
                    exchange.sendResponseHeaders(202, -1);
                    return;
                }
                if (contains(request, request.length, "\"method\":\"initialize\"")) {
                    exchange.getResponseHeaders().set("Mcp-Session-Id", "trivial-" + sessions.incrementAndGet());
                }
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.size());
                body.writeTo(exchange.getResponseBody());
            }
        });
        server.start();
    }

    /** Writes the answer to the request in {@code message[0, length)} to {@code out}; false for a notification. */
    private static boolean answer(byte[] message, int length, OutputStream out) throws IOException {
        int id = valueAfter(message, length, "\"id\":");
        if (id < 0) return false;
        int idEnd = id;
        while (idEnd < length && message[idEnd] != ',' && message[idEnd] != '}') idEnd++;
        out.write(ascii("{\"jsonrpc\":\"2.0\",\"id\":"));
        out.write(message, id, idEnd - id);
        out.write(ascii(",\"result\":"));
        if (contains(message, length, "\"method\":\"tools/call\"")) {
            int text = valueAfter(message, length, "\"text\":");
            out.write(ascii("{\"content\":[{\"type\":\"text\",\"text\":"));
            out.write(message, text, stringEnd(message, length, text) - text);
            out.write(ascii("}]}}"));
        } else if (contains(message, length, "\"method\":\"tools/list\"")) {
            out.write(TOOLS);
            out.write('}');
        } else if (contains(message, length, "\"method\":\"initialize\"")) {
            int version = valueAfter(message, length, "\"protocolVersion\":");
            out.write(ascii("{\"protocolVersion\":"));
            out.write(message, version, stringEnd(message, length, version) - version - 1);
            out.write(SERVER);
        } else {
            out.write(EMPTY);
            out.write('}');
        }
        return true;
    }

    /** Where the value after {@code key} starts, or -1. Keys never occur inside a JSON string (its quotes escaped). */
    private static int valueAfter(byte[] message, int length, String key) {
        int at = indexOf(message, length, key);
        if (at < 0) return -1;
        int i = at + key.length();
        while (i < length && message[i] == ' ') i++;
        return i;
    }

    /** The index after the closing quote of the JSON string starting at {@code start}. */
    private static int stringEnd(byte[] message, int length, int start) {
        for (int i = start + 1; i < length; i++) {
            if (message[i] == '\\') i++;
            else if (message[i] == '"') return i + 1;
        }
        return length;
    }

    private static boolean contains(byte[] message, int length, String text) {
        return indexOf(message, length, text) >= 0;
    }

    private static int indexOf(byte[] message, int length, String text) {
        byte first = (byte) text.charAt(0);
        outer:
        for (int i = 0; i <= length - text.length(); i++) {
            if (message[i] != first) continue;
            for (int j = 1; j < text.length(); j++) if (message[i + j] != (byte) text.charAt(j)) continue outer;
            return i;
        }
        return -1;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
