package dev.jmcp.client.http;

import dev.jmcp.client.SessionExpiredException;
import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Streamable HTTP transport (revisions 2025-03-26 on) over the JDK's {@link HttpClient}. Every message is a POST
 * to the endpoint; a request's answer comes as one JSON body or as an SSE stream carrying related messages first. A
 * stream that breaks before the answer, or that the server closes to make the client poll, is resumed with GET and
 * {@code Last-Event-ID} after the server's {@code retry} delay. Once the session is open a GET stream carries what the
 * server sends on its own (notifications, its requests), reconnecting the same way. {@code Mcp-Session-Id} and
 * {@code MCP-Protocol-Version} go on every request after {@code initialize}; {@link #close} sends DELETE.
 *
 * <p>Each POSTed request is carried by a virtual thread of its own, so the caller's thread only waits for the answer.
 * Owned by the client that starts it; thread-safe.
 */
public final class StreamableHttpTransport implements ClientTransport {
    private static final System.Logger log = System.getLogger(StreamableHttpTransport.class.getName());
    private static final JsonCodec CODEC = JsonCodec.shared();
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final String EVENT_STREAM = "text/event-stream";
    private static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);
    private static final Duration NOTIFY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration DELETE_TIMEOUT = Duration.ofSeconds(5);
    /** Consecutive failed attempts to (re)open the GET stream before it is given up. */
    private static final int MAX_LISTEN_FAILURES = 5;
    private static final int EXCERPT = 200;

    private final URI endpoint;
    private final Duration connectTimeout;
    private final Duration exchangeTimeout;
    private final int maxMessageBytes;
    private final Map<RequestId, Exchange> exchanges = new ConcurrentHashMap<>();
    private HttpClient http;
    private Inbound inbound;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile boolean closed;
    private volatile Thread listener;
    private volatile InputStream listenerBody;

    /**
     * @param exchangeTimeout the longest a POST may wait for its answer's headers (the client's own timeouts are
     *                        shorter and abandon the exchange first)
     */
    public StreamableHttpTransport(URI endpoint, Duration connectTimeout, Duration exchangeTimeout, int maxMessageBytes) {
        this.endpoint = endpoint;
        this.connectTimeout = connectTimeout;
        this.exchangeTimeout = exchangeTimeout;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** One POSTed request and the thread carrying its answer. */
    private static final class Exchange {
        final RequestId id;
        volatile Thread thread;
        volatile InputStream body;
        volatile boolean abandoned;

        Exchange(RequestId id) {
            this.id = id;
        }

        void abandon() {
            abandoned = true;
            Thread carrier = thread;
            if (carrier != null) carrier.interrupt();
            closeQuietly(body);
        }
    }

    @Override
    public void start(Inbound inbound) {
        this.inbound = inbound;
        this.http = HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public void negotiated(ProtocolVersion version) {
        // "the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent
        // requests to the MCP server".
        this.protocolVersion = version.wire();
    }

    @Override
    public void sessionStarted() {
        if (closed) return;
        listener = Thread.ofVirtual().name("mcp-http-listen").start(this::listen);
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        if (closed) throw new IOException("The connection to " + describe() + " is closed");
        byte[] body = CODEC.encode(message);
        if (message instanceof JsonRpcRequest request) {
            var exchange = new Exchange(request.id());
            exchanges.put(request.id(), exchange);
            Thread carrier = Thread.ofVirtual().name("mcp-http-" + request.id()).unstarted(() -> exchange(exchange, body));
            exchange.thread = carrier;
            carrier.start();
            return;
        }
        // "If the input is a JSON-RPC response or notification: if the server accepts the input, the server MUST
        // return HTTP status code 202 Accepted with no body."
        HttpResponse<byte[]> response;
        try {
            response = http.send(post(body, NOTIFY_TIMEOUT), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while posting to " + describe());
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) return;
        if (status == 404 && sessionId != null) throw expired();
        throw new IOException(describe() + " refused a message with HTTP " + status + ": " + excerpt(response.body()));
    }

    private void exchange(Exchange exchange, byte[] body) {
        try {
            HttpResponse<InputStream> response = http.send(post(body, exchangeTimeout),
                    HttpResponse.BodyHandlers.ofInputStream());
            exchange.body = response.body();
            if (exchange.abandoned) return;
            if (sessionId == null) response.headers().firstValue(SESSION_HEADER).ifPresent(id -> sessionId = id);
            int status = response.statusCode();
            String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            if (status == 404 && sessionId != null && response.request().headers().firstValue(SESSION_HEADER).isPresent()) {
                SessionExpiredException e = expired();
                inbound.requestFailed(exchange.id, e);
                inbound.closed(e);
            } else if (status == 202) {
                // Accepted without an answer here: it will come on the GET stream, or the caller's timeout ends the wait.
                log.log(System.Logger.Level.DEBUG, "request " + exchange.id + " accepted with 202; no answer on its POST");
            } else if (status >= 200 && status < 300 && type.startsWith(EVENT_STREAM)) {
                readAnswerStream(exchange, response.body());
            } else if (status >= 200 && status < 300 && type.startsWith("application/json")) {
                deliverJson(exchange, readBounded(response.body()));
            } else if (status >= 200 && status < 300) {
                inbound.requestFailed(exchange.id, new IOException(describe() + " answered HTTP " + status
                        + " with Content-Type '" + type + "', neither application/json nor text/event-stream: "
                        + excerpt(readBounded(response.body()))));
            } else {
                refused(exchange, status, readBounded(response.body()));
            }
        } catch (IOException e) {
            if (!exchange.abandoned && !closed) {
                inbound.requestFailed(exchange.id, new IOException("POST to " + describe() + " failed: " + message(e), e));
            }
        } catch (InterruptedException e) {
            // Abandoned by the client: nobody waits for this answer any more.
        } finally {
            exchanges.remove(exchange.id, exchange);
            closeQuietly(exchange.body);
        }
    }

    /** An HTTP error: its body may be a JSON-RPC error (the server's own words); otherwise the status is the failure. */
    private void refused(Exchange exchange, int status, byte[] body) {
        try {
            if (CODEC.toMessage(CODEC.parse(body)) instanceof JsonRpcErrorResponse error) {
                inbound.message(new JsonRpcErrorResponse(exchange.id, error.error()));
                return;
            }
        } catch (JsonRpcException | IllegalArgumentException e) {
            // Not JSON-RPC: report the status.
        }
        inbound.requestFailed(exchange.id, new IOException(describe() + " answered HTTP " + status + ": " + excerpt(body)));
    }

    private void deliverJson(Exchange exchange, byte[] body) {
        try {
            Object tree = CODEC.parse(body);
            for (Object item : tree instanceof List<?> batch ? batch : List.of(tree)) inbound.message(CODEC.toMessage(item));
        } catch (JsonRpcException e) {
            inbound.requestFailed(exchange.id, new IOException(describe() + " answered with a body that is not JSON-RPC ("
                    + e.getMessage() + "): " + excerpt(body)));
        }
    }

    /**
     * Reads the SSE stream answering one request until its answer, resuming with GET and {@code Last-Event-ID} when the
     * connection ends first. "The client MUST respect the retry field, waiting the given number of milliseconds before
     * attempting to reconnect."
     */
    private void readAnswerStream(Exchange exchange, InputStream stream) throws InterruptedException {
        String lastEventId = null;
        Duration retry = DEFAULT_RETRY;
        while (true) {
            var reader = new SseReader(stream, maxMessageBytes);
            try {
                for (SseEvent event; (event = reader.next()) != null; ) {
                    if (event.data().isBlank()) continue;
                    JsonRpcMessage message = CODEC.decode(event.data());
                    inbound.message(message);
                    if (answers(message, exchange.id)) return;
                }
            } catch (JsonRpcException e) {
                inbound.requestFailed(exchange.id, new IOException(describe() + " sent an SSE event that is not JSON-RPC ("
                        + e.getMessage() + ")"));
                return;
            } catch (IOException e) {
                if (exchange.abandoned || closed) return;
                log.log(System.Logger.Level.DEBUG, "the stream of request " + exchange.id + " broke: " + message(e));
            } finally {
                closeQuietly(stream);
            }
            if (exchange.abandoned || closed) return;
            if (reader.lastEventId() != null) lastEventId = reader.lastEventId();
            if (reader.retryMillis() != null) retry = Duration.ofMillis(reader.retryMillis());
            if (lastEventId == null) {
                inbound.requestFailed(exchange.id, new IOException(describe() + " ended the stream of request "
                        + exchange.id + " before answering it, with no event id to resume from"));
                return;
            }
            Thread.sleep(retry);
            HttpResponse<InputStream> resumed;
            try {
                resumed = http.send(get(lastEventId), HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                inbound.requestFailed(exchange.id, new IOException("Resuming the stream of request " + exchange.id
                        + " at " + describe() + " failed: " + message(e), e));
                return;
            }
            stream = resumed.body();
            exchange.body = stream;
            if (exchange.abandoned) return;
            String type = resumed.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            if (resumed.statusCode() != 200 || !type.startsWith(EVENT_STREAM)) {
                inbound.requestFailed(exchange.id, resumed.statusCode() == 404 && sessionId != null ? expired()
                        : new IOException("Resuming the stream of request " + exchange.id + " with Last-Event-ID "
                        + lastEventId + " got HTTP " + resumed.statusCode() + ": " + excerpt(readQuietly(stream))));
                return;
            }
        }
    }

    private static boolean answers(JsonRpcMessage message, RequestId id) {
        return switch (message) {
            case JsonRpcResponse r -> id.equals(r.id());
            case JsonRpcErrorResponse e -> id.equals(e.id());
            default -> false;
        };
    }

    /** The standalone GET stream: what the server sends on its own. Reconnects after it ends; gives up after failures. */
    private void listen() {
        String lastEventId = null;
        Duration retry = DEFAULT_RETRY;
        int failures = 0;
        while (!closed) {
            try {
                HttpResponse<InputStream> response = http.send(get(lastEventId), HttpResponse.BodyHandlers.ofInputStream());
                InputStream body = response.body();
                listenerBody = body;
                if (closed) {
                    closeQuietly(body);
                    return;
                }
                int status = response.statusCode();
                String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
                if (status == 405) {
                    // "or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE
                    // stream at this endpoint."
                    log.log(System.Logger.Level.DEBUG, describe() + " offers no GET stream");
                    closeQuietly(body);
                    return;
                }
                if (status == 404 && sessionId != null) {
                    closeQuietly(body);
                    inbound.closed(expired());
                    return;
                }
                if (status != 200 || !type.startsWith(EVENT_STREAM)) {
                    log.log(System.Logger.Level.DEBUG, "GET stream refused with HTTP " + status + ": "
                            + excerpt(readQuietly(body)));
                    closeQuietly(body);
                    lastEventId = null;
                    failures++;
                } else {
                    var reader = new SseReader(body, maxMessageBytes);
                    try {
                        for (SseEvent event; (event = reader.next()) != null; ) {
                            failures = 0;
                            if (event.data().isBlank()) continue;
                            try {
                                inbound.message(CODEC.decode(event.data()));
                            } catch (JsonRpcException e) {
                                log.log(System.Logger.Level.WARNING, describe() + " sent an SSE event that is not "
                                        + "JSON-RPC; skipped it: " + e.getMessage());
                            }
                        }
                    } finally {
                        closeQuietly(body);
                        if (reader.lastEventId() != null) lastEventId = reader.lastEventId();
                        if (reader.retryMillis() != null) retry = Duration.ofMillis(reader.retryMillis());
                    }
                }
            } catch (IOException e) {
                if (closed) return;
                failures++;
                log.log(System.Logger.Level.DEBUG, "GET stream of " + describe() + " broke: " + message(e));
            } catch (InterruptedException e) {
                return;
            }
            if (failures >= MAX_LISTEN_FAILURES) {
                log.log(System.Logger.Level.WARNING, "gave up the GET stream of " + describe() + " after "
                        + failures + " failed attempts; notifications not tied to a request will be missed");
                return;
            }
            try {
                Thread.sleep(retry.multipliedBy(failures + 1L));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private HttpRequest post(byte[] body, Duration timeout) {
        // "The client MUST include an Accept header, listing both application/json and text/event-stream".
        var request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, " + EVENT_STREAM)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return withSession(request).build();
    }

    private HttpRequest get(String lastEventId) {
        var request = HttpRequest.newBuilder(endpoint).timeout(exchangeTimeout).header("Accept", EVENT_STREAM).GET();
        if (lastEventId != null) request.header("Last-Event-ID", lastEventId);
        return withSession(request).build();
    }

    private HttpRequest.Builder withSession(HttpRequest.Builder request) {
        String session = sessionId;
        String version = protocolVersion;
        if (session != null) request.header(SESSION_HEADER, session);
        if (version != null) request.header(VERSION_HEADER, version);
        return request;
    }

    private SessionExpiredException expired() {
        return new SessionExpiredException(describe() + " no longer knows session " + sessionId
                + " (HTTP 404); open a new client to start a new session");
    }

    private byte[] readBounded(InputStream body) throws IOException {
        try (body) {
            byte[] bytes = body.readNBytes(maxMessageBytes + 1);
            if (bytes.length > maxMessageBytes) {
                throw new IOException(describe() + " answered with a body larger than " + maxMessageBytes + " bytes");
            }
            return bytes;
        }
    }

    /** What can be read of an error body, for a message; empty when even that fails. */
    private byte[] readQuietly(InputStream body) {
        try {
            return readBounded(body);
        } catch (IOException e) {
            return new byte[0];
        }
    }

    @Override
    public void abandon(RequestId request) {
        Exchange exchange = exchanges.remove(request);
        if (exchange != null) exchange.abandon();
    }

    @Override
    public String describe() {
        return endpoint.toString();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (Exchange exchange : exchanges.values()) exchange.abandon();
        exchanges.clear();
        Thread listening = listener;
        if (listening != null) listening.interrupt();
        closeQuietly(listenerBody);
        if (http == null) return;
        String session = sessionId;
        if (session != null) {
            // "Clients that no longer need a particular session ... SHOULD send an HTTP DELETE".
            var delete = withSession(HttpRequest.newBuilder(endpoint).timeout(DELETE_TIMEOUT).DELETE()).build();
            try {
                int status = http.send(delete, HttpResponse.BodyHandlers.discarding()).statusCode();
                log.log(System.Logger.Level.DEBUG, "DELETE of session " + session + ": HTTP " + status);
            } catch (IOException e) {
                log.log(System.Logger.Level.DEBUG, "DELETE of session " + session + " failed: " + message(e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        http.shutdownNow();
    }

    private static String message(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String excerpt(byte[] body) {
        String text = new String(body, 0, Math.min(body.length, EXCERPT * 4), StandardCharsets.UTF_8).strip()
                .replaceAll("\\s+", " ");
        if (text.isEmpty()) return "(empty body)";
        return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT) + "…";
    }

    private static void closeQuietly(InputStream stream) {
        if (stream == null) return;
        try {
            stream.close();
        } catch (IOException e) {
            // Closing to stop reading; nothing to do if it fails.
        }
    }
}
