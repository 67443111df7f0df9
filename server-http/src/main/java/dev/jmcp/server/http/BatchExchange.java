package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.transport.Connection;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The answer to one POSTed JSON-RPC batch (2025-03-26 only), and the connection the session answers that batch on:
 * the engine's array of responses as one {@code application/json} body, or the single error with which it refuses the
 * whole batch (HTTP 400). Each POST has its own exchange, so two batches in flight at once, even with clashing ids,
 * are each answered on their own POST. A batch still unanswered after the keep-alive period becomes an event stream
 * carrying keep-alive comments and then the array as one event, as a single request's POST does. Encodes with the
 * same batch encoder as stdio. Thread-safe: one lock orders the writes.
 */
final class BatchExchange implements Connection {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private enum State { PENDING, STREAMING, ENDED }

    private final boolean hasRequests;
    private final ResponseChannel channel;
    private final long startedNanos = System.nanoTime();
    private final ReentrantLock lock = new ReentrantLock();
    private State state = State.PENDING;
    private volatile Runnable onEnd = () -> { };

    BatchExchange(boolean hasRequests, ResponseChannel channel) {
        this.hasRequests = hasRequests;
        this.channel = channel;
    }

    boolean hasRequests() {
        return hasRequests;
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    long startedNanos() {
        return startedNanos;
    }

    /** Runs once the exchange has ended, however it ended. */
    void onEnd(Runnable action) {
        onEnd = action;
        channel.onLost(action);
    }

    /** The engine refused the batch as a whole (one error response with no id), or answered one of its parts alone. */
    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (message instanceof JsonRpcErrorResponse && relatedRequest == null) {
            finish(400, CODEC.encode(message));
        }
    }

    /** The batch's responses, all at once. */
    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        finish(200, CODEC.encodeBatch(responses));
    }

    @Override
    public void sendEncodedBatch(List<byte[]> responses) {
        int size = 2 + Math.max(0, responses.size() - 1);
        for (byte[] response : responses) size += response.length;
        byte[] body = new byte[size];
        body[0] = '[';
        int at = 1;
        for (int i = 0; i < responses.size(); i++) {
            if (i > 0) body[at++] = ',';
            System.arraycopy(responses.get(i), 0, body, at, responses.get(i).length);
            at += responses.get(i).length;
        }
        body[at] = ']';
        finish(200, body);
    }

    /** Nothing to answer (only notifications and responses), or nothing more will come. */
    void accepted() {
        end(() -> channel.complete(202, null, null), channel::end);
    }

    /** Keep-alive upkeep: switches a batch unanswered for {@code quietNanos} to a stream, comments a quiet one. */
    void tick(long nowNanos, long quietNanos) {
        if (!lock.tryLock()) return;
        try {
            switch (state) {
                case PENDING -> {
                    if (nowNanos - startedNanos >= quietNanos) {
                        channel.header("X-Accel-Buffering", "no");
                        channel.startEventStream();
                        state = State.STREAMING;
                        channel.write(SseFrames.KEEP_ALIVE, false);
                    }
                }
                case STREAMING -> {
                    if (nowNanos - channel.lastWriteNanos() >= quietNanos) channel.write(SseFrames.KEEP_ALIVE, false);
                }
                case ENDED -> {
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private void finish(int status, byte[] body) {
        end(() -> channel.complete(status, MediaTypes.JSON, body),
                () -> channel.write(SseFrames.event(null, null, body), true));
    }

    /** Ends the exchange once: as a whole response while it is pending, as the stream's last write once streaming. */
    private void end(Runnable whole, Runnable lastWrite) {
        lock.lock();
        try {
            switch (state) {
                case PENDING -> whole.run();
                case STREAMING -> lastWrite.run();
                case ENDED -> {
                    return;
                }
            }
            state = State.ENDED;
        } finally {
            lock.unlock();
        }
        onEnd.run();
    }
}
