package dev.jmcp.client.http;

import dev.jmcp.client.auth.OAuth;
import dev.jmcp.client.transport.SessionExpiredException;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * The MCP endpoint of one session as the HTTP exchanges see it: the JDK client, the URL, and the session's headers
 * ({@code Mcp-Session-Id} once the server assigned one, {@code MCP-Protocol-Version} once negotiated), which every
 * request after {@code initialize} carries. Owned by {@link StreamableHttpTransport}; thread-safe.
 */
final class Endpoint {
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    static final String EVENT_STREAM = "text/event-stream";
    private static final int EXCERPT = 200;

    final URI uri;
    final HttpClient http;
    final int maxMessageBytes;
    private final Duration streamTimeout;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile OAuth authorization;
    /** The caller's own headers, on every request. */
    private final Map<String, String> headers;

    /** @param streamTimeout the longest a request may wait for its answer's headers */
    Endpoint(URI uri, Duration connectTimeout, Duration streamTimeout, int maxMessageBytes, Map<String, String> headers) {
        this.uri = uri;
        this.headers = headers;
        this.streamTimeout = streamTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.http = HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    String sessionId() {
        return sessionId;
    }

    /** Keeps the session id the server assigned on {@code initialize}; later ones are ignored. */
    void assigned(String id) {
        if (sessionId == null && id != null) sessionId = id;
    }

    void negotiated(String version) {
        protocolVersion = version;
    }

    HttpRequest post(byte[] body, Duration timeout, Map<String, String> headers) {
        // "The client MUST include an Accept header, listing both application/json and text/event-stream".
        var request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, " + EVENT_STREAM)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        return withSession(request, "POST").build();
    }

    /** A GET opening the standalone stream, or resuming a stream after {@code lastEventId} (null for none). */
    HttpRequest get(String lastEventId) {
        var request = HttpRequest.newBuilder(uri).timeout(streamTimeout).header("Accept", EVENT_STREAM).GET();
        if (lastEventId != null) request.header("Last-Event-ID", lastEventId);
        return withSession(request, "GET").build();
    }

    HttpRequest delete(Duration timeout) {
        return withSession(HttpRequest.newBuilder(uri).timeout(timeout).DELETE(), "DELETE").build();
    }

    /** Who gives each request its {@code Authorization} (and DPoP proof) from now on. */
    void authorization(OAuth oauth) {
        authorization = oauth;
    }

    private HttpRequest.Builder withSession(HttpRequest.Builder request, String method) {
        headers.forEach(request::header);
        OAuth auth = authorization;
        if (auth != null) auth.requestHeaders(method, uri).forEach(request::header);
        String session = sessionId;
        String version = protocolVersion;
        if (session != null) request.header(SESSION_HEADER, session);
        // "the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent
        // requests to the MCP server".
        if (version != null) request.header(VERSION_HEADER, version);
        return request;
    }

    SessionExpiredException expired() {
        return new SessionExpiredException(uri + " no longer knows session " + sessionId
                + " (HTTP 404); open a new client to start a new session");
    }

    /** A whole body, refused past the message size bound. */
    byte[] readBounded(InputStream body) throws IOException {
        return readBounded(body, -1);
    }

    /**
     * A whole body of {@code declared} bytes (its Content-Length; negative when unknown), refused past the message
     * size bound. Read into an array of the declared length, or one grown from 1 KiB: {@code readNBytes} would take
     * a 16 KiB array and a copy for every answer, most of them a few hundred bytes.
     */
    byte[] readBounded(InputStream body, long declared) throws IOException {
        try (body) {
            if (declared > maxMessageBytes) throw tooLarge();
            if (declared >= 0) {
                byte[] bytes = new byte[(int) declared];
                int n = body.readNBytes(bytes, 0, bytes.length);
                // On to the end, as a read without a length goes: the JDK's stream closed before it saw the end
                // cancels the exchange, which may cost the connection.
                if (n == bytes.length && body.read() >= 0) {
                    throw new IOException(uri + " answered with a body longer than its Content-Length");
                }
                return n == bytes.length ? bytes : Arrays.copyOf(bytes, n);
            }
            byte[] bytes = new byte[(int) Math.min(1024L, maxMessageBytes + 1L)];
            int length = 0;
            for (int n; (n = body.read(bytes, length, bytes.length - length)) >= 0; ) {
                length += n;
                if (length > maxMessageBytes) throw tooLarge();
                if (length == bytes.length) {
                    long grown = Math.min(maxMessageBytes + 1L, 2L * length);
                    bytes = Arrays.copyOf(bytes, (int) Math.min(grown, Integer.MAX_VALUE - 8));
                }
            }
            return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
        }
    }

    private IOException tooLarge() {
        return new IOException(uri + " answered with a body larger than " + maxMessageBytes + " bytes");
    }

    /** What can be read of an error body, for a message; empty when even that fails. */
    byte[] readQuietly(InputStream body) {
        try {
            return readBounded(body);
        } catch (IOException e) {
            return new byte[0];
        }
    }

    static String excerpt(byte[] body) {
        String text = new String(body, 0, Math.min(body.length, EXCERPT * 4), StandardCharsets.UTF_8).strip()
                .replaceAll("\\s+", " ");
        if (text.isEmpty()) return "(empty body)";
        if (looksLikeHtml(text)) {
            // A web page (a proxy's or a framework's error page) is no message for a terminal: its title at most.
            var title = java.util.regex.Pattern.compile("(?i)<title[^>]*>([^<]{1,120})</title>").matcher(text);
            return title.find() ? "a web page titled '" + title.group(1).strip() + "'" : "a web page (HTML), not MCP";
        }
        return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT) + "…";
    }

    /** True for a body that is an HTML document rather than JSON or text meant to be read as it is. */
    static boolean looksLikeHtml(String text) {
        String start = text.stripLeading().toLowerCase(java.util.Locale.ROOT);
        return start.startsWith("<!doctype html") || start.startsWith("<html") || start.startsWith("<head")
                || start.startsWith("<body") || start.startsWith("<!--") && start.contains("<html");
    }

    static String message(IOException e) {
        if (unresolved(e)) return "unknown host: its name does not resolve (is it spelled right?)";
        if (e instanceof java.net.ConnectException) {
            return "connection refused: nothing listens there (is the server running, and is the port right?)";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The host's name did not resolve (the JDK client reports it as a ConnectException caused by this). */
    static boolean unresolved(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
                return true;
            }
        }
        return false;
    }

    static void closeQuietly(InputStream stream) {
        if (stream == null) return;
        try {
            stream.close();
        } catch (IOException e) {
            // Closing to stop reading; nothing to do if it fails.
        }
    }
}
