package dev.jmcp.client.http;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static dev.jmcp.client.http.Endpoint.closeQuietly;
import static dev.jmcp.client.http.Endpoint.excerpt;
import static dev.jmcp.client.http.Endpoint.message;

/**
 * The 2024-11-05 HTTP+SSE transport, for servers that predate Streamable HTTP: a GET on the SSE URL opens the stream,
 * whose first event ({@code endpoint}) says where to POST; every message is POSTed there (answered 202) and every
 * answer comes on the stream. Owned by the client that starts it; thread-safe. A stream that ends ends the connection.
 */
public final class LegacySseTransport implements ClientTransport {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final Duration POST_TIMEOUT = Duration.ofSeconds(30);

    private final URI sseUrl;
    private final Duration connectTimeout;
    private final int maxMessageBytes;
    private final Map<String, String> headers;
    private final CompletableFuture<URI> postUrl = new CompletableFuture<>();
    private Endpoint endpoint;
    private volatile InputStream stream;
    private volatile boolean closed;

    public LegacySseTransport(URI sseUrl, Duration connectTimeout, int maxMessageBytes, Map<String, String> headers) {
        this.sseUrl = sseUrl;
        this.connectTimeout = connectTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public void start(Inbound inbound) throws IOException {
        endpoint = new Endpoint(sseUrl, connectTimeout, Duration.ofDays(365), maxMessageBytes, headers);
        HttpResponse<InputStream> response;
        try {
            response = endpoint.http.send(endpoint.get(null), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while connecting to " + sseUrl);
        } catch (IOException e) {
            throw new IOException("GET " + sseUrl + " failed: " + message(e), e);
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (response.statusCode() != 200 || !type.startsWith(Endpoint.EVENT_STREAM)) {
            String body = excerpt(endpoint.readQuietly(response.body()));
            throw new IOException(sseUrl + " answered HTTP " + response.statusCode() + " (" + type + "), not an SSE "
                    + "stream: " + body);
        }
        stream = response.body();
        Thread.ofVirtual().name("mcp-legacy-sse").start(() -> read(inbound, response.body()));
        try {
            postUrl.get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the endpoint event of " + sseUrl);
        } catch (ExecutionException | TimeoutException e) {
            close();
            throw new IOException(sseUrl + " sent no endpoint event within " + connectTimeout.toMillis() + " ms");
        }
    }

    private void read(Inbound inbound, InputStream body) {
        var reader = new SseReader(body, maxMessageBytes);
        IOException ended = new IOException("the server " + sseUrl + " ended its SSE stream");
        try {
            for (SseEvent event; (event = reader.next()) != null; ) {
                if ("endpoint".equals(event.type())) {
                    postUrl.complete(sseUrl.resolve(event.data().strip()));
                } else if (!event.data().isBlank()) {
                    inbound.message(CODEC.decode(event.data()));
                }
            }
        } catch (JsonRpcException e) {
            ended = new IOException(sseUrl + " sent an event that is not JSON-RPC (" + e.getMessage() + ")");
        } catch (IOException e) {
            ended = new IOException("the SSE stream of " + sseUrl + " broke: " + message(e), e);
        }
        postUrl.completeExceptionally(ended);
        if (!closed) inbound.closed(ended);
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        if (closed) throw new IOException("The connection to " + describe() + " is closed");
        URI target = postUrl.getNow(null);
        if (target == null) throw new IOException(sseUrl + " has not said where to send messages");
        var request = HttpRequest.newBuilder(target).timeout(POST_TIMEOUT).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(CODEC.encode(message)));
        headers.forEach(request::header);
        HttpResponse<byte[]> response;
        try {
            response = endpoint.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while posting to " + target);
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException(target + " refused a message with HTTP " + response.statusCode() + ": "
                    + excerpt(response.body()));
        }
    }

    @Override
    public String describe() {
        return sseUrl.toString();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        closeQuietly(stream);
        if (endpoint != null) endpoint.http.shutdownNow();
    }
}
