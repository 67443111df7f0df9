package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.stateless.StatelessCall;
import dev.jmcp.server.stateless.StatelessReply;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The HTTP answer to one stateless (2026-07-28) request: the engine's {@link StatelessReply} for it. The form is fixed
 * by the first message: the response first → one {@code application/json} body whose status follows the error code
 * ({@link #statusOf}); anything first (progress, a log message, a subscription's acknowledgement) → a
 * {@code text/event-stream} carrying every message, ending after the response. A request left quiet for the probe
 * period ({@link StatelessExchanges#DISCONNECT_PROBE}; the keep-alive period for a listen stream) is switched to a
 * stream and given a comment, and so is a quiet stream: HTTP/1.1 reads nothing while a request is handled, so a failed
 * write is the only way to see that the client went away. The stream is not resumable. When the client goes away the
 * call is cancelled: "Closing the SSE response stream MUST be treated by the server as cancellation of that request."
 * Kept by the {@link StatelessExchanges} for its upkeep until it ends; its request is admitted, bounded and cancelled
 * by the engine's {@code session.Admission}. Thread-safe: one lock orders the writes.
 */
final class StatelessExchange implements StatelessReply {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private enum State { PENDING, STREAMING, ENDED }

    private final RequestId id;
    private final ResponseChannel channel;
    private final StatelessExchanges calls;
    private final long startedNanos = System.nanoTime();
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private State state = State.PENDING;
    private volatile StatelessCall call;
    private volatile boolean lost;

    StatelessExchange(RequestId id, ResponseChannel channel, StatelessExchanges calls) {
        this.id = id;
        this.channel = channel;
        this.calls = calls;
        channel.onLost(this::lost);
    }

    RequestId id() {
        return id;
    }

    /** The call this exchange answers; cancelled at once when the client is already gone. */
    void attach(StatelessCall call) {
        this.call = call;
        if (lost) cancelCall();
    }

    /**
     * The HTTP status of an answer sent as one JSON body: 404 for a method the revision does not have ("If the server
     * does not implement the requested RPC method, it MUST respond with 404 Not Found"), 400 for a request that was
     * wrong in form, parameters, headers, capabilities or revision, 200 otherwise (a result, or an error of the call).
     */
    static int statusOf(JsonRpcMessage answer) {
        if (!(answer instanceof JsonRpcErrorResponse e)) return 200;
        return statusOf(e.error().code());
    }

    static int statusOf(int code) {
        return switch (code) {
            case ErrorCodes.METHOD_NOT_FOUND -> 404;
            case ErrorCodes.PARSE_ERROR, ErrorCodes.INVALID_REQUEST, ErrorCodes.INVALID_PARAMS,
                 ErrorCodes.HEADER_MISMATCH, ErrorCodes.MISSING_CLIENT_CAPABILITY,
                 ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION -> 400;
            case ErrorCodes.SERVER_BUSY -> 503;
            default -> 200;
        };
    }

    @Override
    public void send(JsonRpcMessage message) {
        boolean answer = message instanceof JsonRpcResponse || message instanceof JsonRpcErrorResponse;
        lock.lock();
        try {
            switch (state) {
                // "The server ... MUST NOT send any further messages for it."
                case ENDED -> {
                    return;
                }
                case PENDING -> {
                    if (answer) {
                        channel.complete(statusOf(message), MediaTypes.JSON, CODEC.encode(message));
                    } else {
                        startStream();
                        channel.write(SseFrames.event(null, null, CODEC.encode(message)), false);
                    }
                }
                case STREAMING -> channel.write(SseFrames.event(null, null, CODEC.encode(message)), answer);
            }
            if (answer && state != State.ENDED) state = State.ENDED;
        } finally {
            lock.unlock();
        }
        // A write that found the client gone was handled by lost() under this lock; the cancel waits until here.
        if (lost) cancelCall();
    }

    /** The engine is done with the call (its handler ended, or its subscription closed): no upkeep is left to do. */
    void done() {
        calls.ended(this);
    }

    /** Upkeep: switches a request unanswered for {@code quietNanos} to a stream, comments a stream that quiet. */
    void tick(long nowNanos, long quietNanos) {
        // A write in progress (to a client slow to read) holds the lock; its stream is not quiet, and the sweeper
        // must not wait on it while every other exchange waits for its keep-alive.
        if (!lock.tryLock()) return;
        try {
            switch (state) {
                case PENDING -> {
                    if (nowNanos - startedNanos >= quietNanos) {
                        startStream();
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
        if (lost) cancelCall();
    }

    /** Ends the exchange without its response (the server is shutting down) and cancels the call. */
    void shutDown() {
        lock.lock();
        try {
            switch (state) {
                case ENDED -> {
                    return;
                }
                case PENDING -> channel.complete(503, MediaTypes.JSON, CODEC.encode(new JsonRpcErrorResponse(id,
                        new JsonRpcError(ErrorCodes.SERVER_BUSY, "Server shutting down: the request was not completed"))));
                case STREAMING -> channel.end();
            }
            state = State.ENDED;
        } finally {
            lock.unlock();
        }
        cancelCall();
        calls.ended(this);
    }

    private void startStream() {
        // "Servers SHOULD include the X-Accel-Buffering: no header" when initiating an SSE stream.
        channel.header("X-Accel-Buffering", "no");
        channel.startEventStream();
        state = State.STREAMING;
    }

    private void lost() {
        lost = true;
        lock.lock();
        try {
            state = State.ENDED;
        } finally {
            lock.unlock();
        }
        // The slot is freed by done(), once the cancelled handler has really ended.
        // Reached from a failed write, this thread may hold the lock (send, tick): they cancel once they let go of it.
        if (!lock.isHeldByCurrentThread()) cancelCall();
    }

    private void cancelCall() {
        StatelessCall current = call;
        if (current != null && cancelled.compareAndSet(false, true)) current.cancel();
    }
}
