package dev.jmcp.client.http;

import dev.jmcp.client.auth.AuthorizationException;
import dev.jmcp.client.auth.OAuth;
import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.client.transport.SessionExpiredException;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
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
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.jmcp.client.http.Endpoint.closeQuietly;
import static dev.jmcp.client.http.Endpoint.excerpt;
import static dev.jmcp.client.http.Endpoint.message;

/**
 * The Streamable HTTP transport (revisions 2025-03-26 on) over the JDK's {@link java.net.http.HttpClient}. Every
 * message is a POST to the endpoint; a request's answer comes as one JSON body or as an SSE stream carrying related
 * messages first. A stream that breaks before the answer, or that the server closes to make the client poll, is
 * resumed with GET and {@code Last-Event-ID} after the server's {@code retry} delay. Once the session is open a
 * {@link ListeningStream} carries what the server sends on its own. {@code Mcp-Session-Id} and
 * {@code MCP-Protocol-Version} go on every request after {@code initialize}; {@link #close} sends DELETE.
 *
 * <p>Each POSTed request is carried by a virtual thread of its own, so the caller's thread only waits for the answer;
 * abandoning a request interrupts that thread and closes its stream. Owned by the client that starts it; thread-safe.
 */
public final class StreamableHttpTransport implements ClientTransport {
    private static final System.Logger log = System.getLogger(StreamableHttpTransport.class.getName());
    private static final JsonCodec CODEC = JsonCodec.shared();
    static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);
    private static final Duration NOTIFY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration DELETE_TIMEOUT = Duration.ofSeconds(5);

    /** How many times one request may be sent again after the server asked for (more) authorization. */
    private static final int MAX_AUTHORIZATIONS = 2;

    private final URI uri;
    private final OAuth oauth;
    private final Map<String, String> headers;
    private final Duration connectTimeout;
    private final Duration exchangeTimeout;
    private final int maxMessageBytes;
    private final Map<RequestId, Exchange> exchanges = new ConcurrentHashMap<>();
    private Endpoint endpoint;
    private Inbound inbound;
    private volatile ListeningStream listening;
    private volatile boolean closed;
    /** 2026-07-28 on: no session, request metadata headers on every POST, no notifications (see {@link #send}). */
    private volatile boolean stateless;
    /** The 4xx status of the first POST the server refused before it answered any with success; 0 for none. */
    private volatile int legacyRefusal;
    private volatile boolean answeredOnce;
    /** Per tool name, the arguments its schema asks to mirror into {@code Mcp-Param-*} headers, from tools/list. */
    private final Map<String, Map<String, String>> mirroredArguments = new ConcurrentHashMap<>();

    /**
     * @param exchangeTimeout the longest a POST may wait for its answer's headers (the client's own timeouts are
     *                        shorter and abandon the exchange first)
     */
    public StreamableHttpTransport(URI uri, Duration connectTimeout, Duration exchangeTimeout, int maxMessageBytes) {
        this(uri, connectTimeout, exchangeTimeout, maxMessageBytes, null, Map.of());
    }

    /**
     * As above, authorizing requests with {@code oauth} (null: none) when the server asks for it with 401/403, and
     * adding {@code headers} to every request.
     */
    public StreamableHttpTransport(URI uri, Duration connectTimeout, Duration exchangeTimeout, int maxMessageBytes,
                                   OAuth oauth, Map<String, String> headers) {
        this.oauth = oauth;
        this.headers = Map.copyOf(headers);
        this.uri = uri;
        this.connectTimeout = connectTimeout;
        this.exchangeTimeout = exchangeTimeout;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** One POSTed request and the thread carrying its answer. */
    private static final class Exchange {
        final RequestId id;
        final String method;
        volatile Thread thread;
        volatile InputStream body;
        volatile boolean abandoned;

        Exchange(RequestId id, String method) {
            this.id = id;
            this.method = method;
        }

        void abandon() {
            abandoned = true;
            Thread carrier = thread;
            if (carrier != null) carrier.interrupt();
            closeQuietly(body);
        }
    }

    @Override
    public void start(Inbound inbound) throws IOException {
        this.inbound = inbound;
        this.endpoint = new Endpoint(uri, connectTimeout, exchangeTimeout, maxMessageBytes, headers);
        if (oauth != null) {
            endpoint.authorization(oauth);
            try {
                oauth.authorizationHeader(uri); // loads the stored tokens, refreshing expired ones
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while loading the tokens for " + uri);
            }
        }
    }

    /**
     * The 4xx status (other than 401/403) with which the server refused this transport's first requests, before it
     * answered any; 0 when it did not. "If it fails with an HTTP 4xx status code (e.g., 405 Method Not Allowed or 404
     * Not Found)", a client supporting older servers tries the 2024-11-05 HTTP+SSE transport at the same URL.
     */
    public int legacyRefusal() {
        return legacyRefusal;
    }

    @Override
    public void negotiated(ProtocolVersion version) {
        stateless = version != null && version.isStateless();
        endpoint.negotiated(version == null ? null : version.wire());
    }

    @Override
    public void sessionStarted() {
        if (closed) return;
        var stream = new ListeningStream(endpoint, inbound);
        listening = stream;
        stream.start();
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        if (closed) throw new IOException("The connection to " + describe() + " is closed");
        if (stateless && !(message instanceof JsonRpcRequest)) {
            // "This revision of the core protocol defines no client-to-server notifications over Streamable HTTP ...
            // closing the SSE response stream is itself the cancellation signal".
            log.log(System.Logger.Level.DEBUG, "not sent over stateless HTTP: " + message);
            return;
        }
        byte[] body = CODEC.encode(message);
        if (message instanceof JsonRpcRequest request) {
            var exchange = new Exchange(request.id(), request.method());
            exchanges.put(request.id(), exchange);
            Map<String, String> headers = stateless ? metadataHeaders(request) : Map.of();
            Thread carrier = Thread.ofVirtual().name("mcp-http-" + request.id())
                    .unstarted(() -> exchange(exchange, body, headers));
            exchange.thread = carrier;
            carrier.start();
            return;
        }
        // "If the input is a JSON-RPC response or notification: if the server accepts the input, the server MUST
        // return HTTP status code 202 Accepted with no body."
        HttpResponse<byte[]> response;
        try {
            response = post(body, NOTIFY_TIMEOUT, Map.of(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while posting to " + describe());
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) return;
        if (status == 404 && endpoint.sessionId() != null) throw endpoint.expired();
        throw new IOException(describe() + " refused a message with HTTP " + status + ": " + excerpt(response.body()));
    }

    /**
     * "The client MUST include the request metadata headers on each POST request": {@code Mcp-Method}, {@code Mcp-Name}
     * where the method names something, and for {@code tools/call} the arguments the tool's schema marks.
     */
    private Map<String, String> metadataHeaders(JsonRpcRequest request) {
        var headers = new LinkedHashMap<String, String>();
        headers.put(RequestHeaders.METHOD, request.method());
        RequestHeaders.name(request.method(), request.params()).ifPresent(name -> headers.put(RequestHeaders.NAME, name));
        if (request.method().equals(ClientRequests.TOOLS_CALL) && request.params() != null
                && request.params().get("name") instanceof String tool) {
            Map<String, String> mirrored = mirroredArguments.get(tool);
            if (mirrored != null) headers.putAll(RequestHeaders.params(mirrored, request.params().get("arguments")));
        }
        return headers;
    }

    /**
     * Answers a 401 or 403 with the authorization it asks for, when the client has one: true when the request is worth
     * sending again with the new token.
     */
    private boolean authorizedAfter(HttpResponse<InputStream> response) throws IOException, InterruptedException {
        int status = response.statusCode();
        if (oauth == null || (status != 401 && status != 403)) return false;
        String challenge = response.headers().firstValue("WWW-Authenticate").orElse(null);
        closeQuietly(response.body());
        String nonce = response.headers().firstValue("DPoP-Nonce").orElse(null);
        try {
            return oauth.challenged(uri, status, challenge, nonce);
        } catch (AuthorizationException e) {
            throw e;
        } catch (IOException e) {
            throw new AuthorizationException("authorization with " + describe() + " failed: " + message(e), e);
        }
    }

    /**
     * Delivers one inbound message; a stateless {@code tools/list} answer is checked first: "Clients using the
     * Streamable HTTP transport MUST reject tool definitions where any x-mcp-header value violates these
     * constraints. Rejection means the client MUST exclude the invalid tool from the result of tools/list."
     */
    private void deliver(Exchange exchange, JsonRpcMessage message) {
        if (stateless && exchange.method.equals(ClientRequests.TOOLS_LIST)
                && message instanceof JsonRpcResponse response && response.id().equals(exchange.id) && response.result() instanceof Map<?, ?> result
                && result.get("tools") instanceof List<?> tools) {
            var kept = new ArrayList<Object>();
            for (Object tool : tools) {
                if (!(tool instanceof Map<?, ?> definition) || !(definition.get("name") instanceof String name)) continue;
                @SuppressWarnings("unchecked")
                Map<String, Object> schema = definition.get("inputSchema") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
                var mirrored = RequestHeaders.mirrored(schema);
                if (mirrored.isEmpty()) {
                    log.log(System.Logger.Level.WARNING, "tool '" + name + "' of " + describe()
                            + " rejected: an x-mcp-header in its input schema is invalid");
                    continue;
                }
                mirroredArguments.put(name, mirrored.get());
                kept.add(tool);
            }
            var filtered = new LinkedHashMap<String, Object>();
            result.forEach((k, v) -> filtered.put(String.valueOf(k), v));
            filtered.put("tools", kept);
            message = new JsonRpcResponse(response.id(), filtered);
        }
        inbound.message(message, exchange.id);
    }

    /**
     * Sends one POST, and once more when the connection it went out on ended before a byte of the answer came: a
     * keep-alive connection the server closed while it was idle (Node's servers do after 5 s), which the JDK's client
     * reused at that moment. The request was not read then, as a server closes an idle connection only between
     * requests; the JDK retries such a request itself only for GET and the like.
     */
    private <T> HttpResponse<T> post(byte[] body, Duration timeout, Map<String, String> headers,
                                     HttpResponse.BodyHandler<T> handler) throws IOException, InterruptedException {
        try {
            return endpoint.http.send(endpoint.post(body, timeout, headers), handler);
        } catch (IOException e) {
            if (!closedBeforeAnswering(e)) throw e;
            log.log(System.Logger.Level.DEBUG, "POST to " + describe() + " sent again: its connection ended before any"
                    + " answer (" + e.getMessage() + ")");
            return endpoint.http.send(endpoint.post(body, timeout, headers), handler);
        }
    }

    /** Whether the connection ended before the first byte of an answer: the JDK's words for it, or an EOF. */
    static boolean closedBeforeAnswering(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.io.EOFException) return true;
            if (t.getMessage() != null && t.getMessage().contains("received no bytes")) return true;
        }
        return false;
    }

    private void exchange(Exchange exchange, byte[] body, Map<String, String> headers) {
        try {
            boolean hadSession = endpoint.sessionId() != null;
            HttpResponse<InputStream> response;
            for (int authorizations = 0; ; authorizations++) {
                response = post(body, exchangeTimeout, headers, HttpResponse.BodyHandlers.ofInputStream());
                if (authorizations == MAX_AUTHORIZATIONS || !authorizedAfter(response)) break;
            }
            exchange.body = response.body();
            if (exchange.abandoned) return;
            response.headers().firstValue(Endpoint.SESSION_HEADER).ifPresent(endpoint::assigned);
            int status = response.statusCode();
            String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            boolean ok = status >= 200 && status < 300;
            if (ok) {
                answeredOnce = true;
            } else if (!answeredOnce && status >= 400 && status < 500 && status != 401 && status != 403
                    && legacyRefusal == 0) {
                legacyRefusal = status;
            }
            if (status == 404 && hadSession) {
                SessionExpiredException e = endpoint.expired();
                inbound.requestFailed(exchange.id, e);
                inbound.closed(e);
            } else if (status == 202) {
                // Accepted without an answer here: it will come on the GET stream, or the caller's timeout ends the wait.
                log.log(System.Logger.Level.DEBUG, "request " + exchange.id + " accepted with 202; no answer on its POST");
            } else if (ok && type.startsWith(Endpoint.EVENT_STREAM)) {
                readAnswerStream(exchange, response.body());
            } else if (ok && type.startsWith("application/json")) {
                deliverJson(exchange, endpoint.readBounded(response.body(),
                        response.headers().firstValueAsLong("Content-Length").orElse(-1)));
            } else if (ok) {
                inbound.requestFailed(exchange.id, new IOException(describe() + " answered HTTP " + status
                        + " with Content-Type '" + type + "', neither application/json nor text/event-stream: "
                        + excerpt(endpoint.readQuietly(response.body()))));
            } else {
                refused(exchange, status, endpoint.readQuietly(response.body()));
            }
        } catch (AuthorizationException e) {
            if (!exchange.abandoned && !closed) inbound.requestFailed(exchange.id, e);
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
            for (Object item : tree instanceof List<?> batch ? batch : List.of(tree)) deliver(exchange, CODEC.toMessage(item));
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
                    deliver(exchange, message);
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
                resumed = endpoint.http.send(endpoint.get(lastEventId), HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                inbound.requestFailed(exchange.id, new IOException("Resuming the stream of request " + exchange.id
                        + " at " + describe() + " failed: " + message(e), e));
                return;
            }
            stream = resumed.body();
            exchange.body = stream;
            if (exchange.abandoned) return;
            String type = resumed.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            if (resumed.statusCode() != 200 || !type.startsWith(Endpoint.EVENT_STREAM)) {
                inbound.requestFailed(exchange.id, resumed.statusCode() == 404 && endpoint.sessionId() != null
                        ? endpoint.expired()
                        : new IOException("Resuming the stream of request " + exchange.id + " with Last-Event-ID "
                        + lastEventId + " got HTTP " + resumed.statusCode() + ": " + excerpt(endpoint.readQuietly(stream))));
                return;
            }
        }
    }

    private static boolean answers(JsonRpcMessage message, RequestId id) {
        return message instanceof JsonRpcAnswer a && id.equals(a.id());
    }

    @Override
    public void abandon(RequestId request) {
        Exchange exchange = exchanges.remove(request);
        if (exchange != null) exchange.abandon();
    }

    @Override
    public String describe() {
        return uri.toString();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (Exchange exchange : exchanges.values()) exchange.abandon();
        exchanges.clear();
        ListeningStream stream = listening;
        if (stream != null) stream.stop();
        if (endpoint == null) return;
        String session = endpoint.sessionId();
        if (session != null) {
            // "Clients that no longer need a particular session ... SHOULD send an HTTP DELETE".
            try {
                int status = endpoint.http.send(endpoint.delete(DELETE_TIMEOUT), HttpResponse.BodyHandlers.discarding())
                        .statusCode();
                log.log(System.Logger.Level.DEBUG, "DELETE of session " + session + ": HTTP " + status);
            } catch (IOException e) {
                log.log(System.Logger.Level.DEBUG, "DELETE of session " + session + " failed: " + message(e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        endpoint.http.shutdownNow();
    }
}
