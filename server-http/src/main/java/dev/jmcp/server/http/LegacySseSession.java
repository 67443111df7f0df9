package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.transport.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * One session of the 2024-11-05 HTTP+SSE transport: everything the server sends goes as {@code message} events on
 * the one SSE stream the client opened with {@code GET /sse}; the client POSTs to the {@code endpoint} URI it was
 * given. The session lives as long as that stream: when the client closes it, the session ends. Thread-safe.
 */
final class LegacySseSession implements Connection, HostedSession {
    private static final Logger log = LoggerFactory.getLogger(LegacySseSession.class);
    /**
     * A line per ended session, with its id, for the first 100 of each reason a minute, then a count (every one at
     * DEBUG): a client may open and end sessions by the thousand, and a shutdown ends every open one at once.
     */
    private static final RepeatedLines ENDED_LINES = new RepeatedLines(log, 100, Duration.ofMinutes(1));
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final String id;
    private final HttpOptions options;
    private final ResponseChannel stream;
    private final ServerSession session;
    private final Runnable onEnd;
    private volatile long lastActivityNanos = System.nanoTime();
    private volatile boolean closed;

    LegacySseSession(String id, Engine engine, HttpOptions options, ResponseChannel stream, Runnable onEnd) {
        this.id = id;
        this.options = options;
        this.stream = stream;
        this.onEnd = onEnd;
        this.session = engine.openSession(this);
        stream.onLost(() -> close("the client closed its SSE stream"));
    }

    /** Starts the stream with the {@code endpoint} event: where the client must POST its messages. */
    void start(String endpoint) {
        stream.startEventStream();
        if (!stream.write(SseFrames.event("endpoint", null, endpoint.getBytes(StandardCharsets.UTF_8)), false)) {
            close("the client left before the endpoint event");
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public ServerSession session() {
        return session;
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (closed) return;
        stream.write(SseFrames.event("message", null, CODEC.encode(message)), false);
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        // 2024-11-05 has no batches and the engine refuses them there; each response still goes out on its own.
        for (JsonRpcMessage response : responses) send(response, null);
    }

    @Override
    public void touch() {
        lastActivityNanos = System.nanoTime();
    }

    @Override
    public boolean idle(long nowNanos, long idleNanos) {
        return !stream.isOpen() || nowNanos - lastActivityNanos > idleNanos;
    }

    @Override
    public void tick(long nowNanos) {
        if (stream.isOpen() && nowNanos - stream.lastWriteNanos() >= options.keepAlive().toNanos()) {
            stream.write(SseFrames.KEEP_ALIVE, false);
        }
    }

    /**
     * A dropped stream is noticed only when a write fails, and on TCP the first write after the client left still
     * succeeds (it only draws the reset): so two writes.
     */
    @Override
    public void probe() {
        if (stream.isOpen() && stream.write(SseFrames.KEEP_ALIVE, false)) stream.write(SseFrames.KEEP_ALIVE, false);
    }

    @Override
    public void close(String why) {
        if (closed) return;
        closed = true;
        ENDED_LINES.log(Level.INFO, why, "legacy SSE session " + id + " ended: " + why);
        session.close();
        stream.end();
        onEnd.run();
    }
}
