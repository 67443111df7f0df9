package dev.jmcp.client.http;

import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * The standalone GET stream of a session: what the server sends on its own (notifications, its requests). When the
 * stream ends it is opened again after the server's {@code retry} delay, resuming with {@code Last-Event-ID}; after
 * {@link #MAX_FAILURES} failed attempts in a row it is given up (with a log line). A 405 means the server offers
 * none. Runs on one virtual thread; {@link #stop} ends it from any thread.
 */
final class ListeningStream {
    private static final System.Logger log = System.getLogger(ListeningStream.class.getName());
    private static final JsonCodec CODEC = JsonCodec.shared();
    static final int MAX_FAILURES = 5;

    private final Endpoint endpoint;
    private final Inbound inbound;
    private volatile boolean stopped;
    private volatile Thread thread;
    private volatile InputStream body;

    ListeningStream(Endpoint endpoint, Inbound inbound) {
        this.endpoint = endpoint;
        this.inbound = inbound;
    }

    void start() {
        thread = Thread.ofVirtual().name("mcp-http-listen").start(this::listen);
    }

    void stop() {
        stopped = true;
        Thread listening = thread;
        if (listening != null) listening.interrupt();
        Endpoint.closeQuietly(body);
    }

    private void listen() {
        String lastEventId = null;
        Duration retry = StreamableHttpTransport.DEFAULT_RETRY;
        int failures = 0;
        while (!stopped) {
            try {
                HttpResponse<InputStream> response = endpoint.http.send(endpoint.get(lastEventId),
                        HttpResponse.BodyHandlers.ofInputStream());
                InputStream stream = response.body();
                body = stream;
                if (stopped) {
                    Endpoint.closeQuietly(stream);
                    return;
                }
                int status = response.statusCode();
                String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
                if (status == 405) {
                    // "or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE
                    // stream at this endpoint."
                    log.log(System.Logger.Level.DEBUG, endpoint.uri + " offers no GET stream");
                    Endpoint.closeQuietly(stream);
                    return;
                }
                if (status == 404 && endpoint.sessionId() != null) {
                    Endpoint.closeQuietly(stream);
                    inbound.closed(endpoint.expired());
                    return;
                }
                if (status != 200 || !type.startsWith(Endpoint.EVENT_STREAM)) {
                    log.log(System.Logger.Level.DEBUG, "GET stream refused with HTTP " + status + ": "
                            + Endpoint.excerpt(endpoint.readQuietly(stream)));
                    lastEventId = null;
                    failures++;
                } else {
                    var reader = new SseReader(stream, endpoint.maxMessageBytes);
                    try {
                        for (SseEvent event; (event = reader.next()) != null; ) {
                            failures = 0;
                            if (!event.data().isBlank()) deliver(event);
                        }
                    } finally {
                        Endpoint.closeQuietly(stream);
                        if (reader.lastEventId() != null) lastEventId = reader.lastEventId();
                        if (reader.retryMillis() != null) retry = Duration.ofMillis(reader.retryMillis());
                    }
                }
            } catch (IOException e) {
                if (stopped) return;
                failures++;
                log.log(System.Logger.Level.DEBUG, "GET stream of " + endpoint.uri + " broke: " + Endpoint.message(e));
            } catch (InterruptedException e) {
                return;
            }
            if (failures >= MAX_FAILURES) {
                log.log(System.Logger.Level.WARNING, "gave up the GET stream of " + endpoint.uri + " after " + failures
                        + " failed attempts; notifications not tied to a request will be missed");
                return;
            }
            try {
                // "The client MUST respect the retry field, waiting the given number of milliseconds before
                // attempting to reconnect."
                Thread.sleep(retry.multipliedBy(failures + 1L));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void deliver(SseEvent event) {
        try {
            inbound.message(CODEC.decode(event.data()));
        } catch (JsonRpcException e) {
            log.log(System.Logger.Level.WARNING, endpoint.uri + " sent an SSE event that is not JSON-RPC; skipped it: "
                    + e.getMessage());
        }
    }
}
