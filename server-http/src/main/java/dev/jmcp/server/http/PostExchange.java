package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The answer to one POSTed request. The form is chosen at the first message that belongs to the request: its
 * response first → one {@code application/json} body; anything else first (progress, a log message, a request to the
 * client) → a {@code text/event-stream} carrying everything tied to the request and ending after the response. Once
 * streaming, the messages go to a resumable {@link EventStream}, whether or not its connection is still there.
 * Thread-safe.
 */
final class PostExchange {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private enum State { PENDING, STREAMING, ENDED }

    private final RequestId id;
    private final ResponseChannel channel;
    private final StreamableSession session;
    private final long startedNanos = System.nanoTime();
    private final ReentrantLock lock = new ReentrantLock();
    private State state = State.PENDING;
    private EventStream stream;
    private boolean released;

    PostExchange(RequestId id, ResponseChannel channel, StreamableSession session) {
        this.id = id;
        this.channel = channel;
        this.session = session;
    }

    RequestId id() {
        return id;
    }

    long startedNanos() {
        return startedNanos;
    }

    ResponseChannel channel() {
        return channel;
    }

    /** Sends a message tied to this request; false when the exchange has already ended (the caller reroutes it). */
    boolean deliver(JsonRpcMessage message) {
        boolean answer = message instanceof JsonRpcAnswer a && id.equals(a.id());
        lock.lock();
        try {
            switch (state) {
                case ENDED -> {
                    return false;
                }
                case PENDING -> {
                    if (answer) {
                        channel.complete(200, MediaTypes.JSON, CODEC.encode(message));
                    } else {
                        startStream();
                        stream.deliver(CODEC.encode(message), false);
                    }
                }
                case STREAMING -> stream.deliver(CODEC.encode(message), answer);
            }
            if (answer) state = State.ENDED;
        } finally {
            lock.unlock();
        }
        if (answer) session.exchangeEnded(this);
        return true;
    }

    /** Switches a still-unanswered request to a stream, so its connection carries keep-alive comments. */
    void upgrade() {
        lock.lock();
        try {
            if (state == State.PENDING) startStream();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Closes the connection without ending the stream (SEP-1699 polling): after the priming event (with its id and
     * {@code retry} hint) the client resumes with GET and {@code Last-Event-ID} and receives the rest, response
     * included. Done once per exchange.
     */
    void release() {
        lock.lock();
        try {
            if (state == State.ENDED || released) return;
            released = true;
            if (state == State.PENDING) startStream();
            stream.release();
        } finally {
            lock.unlock();
        }
    }

    boolean released() {
        lock.lock();
        try {
            return released;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends an exchange whose request was cancelled ("receivers SHOULD NOT send a response"): an unanswered POST gets
     * 202 with no body; a stream is finished, for other instances too.
     */
    void cancelled() {
        end(202, true);
    }

    /**
     * Ends an exchange whose session ended here (deleted, expired, this instance stopping): an unanswered POST gets
     * 404 with no body; a stream ends here, but another instance taking the session over may continue it.
     */
    void sessionEnded() {
        end(404, false);
    }

    private void end(int status, boolean cancelled) {
        lock.lock();
        try {
            switch (state) {
                case ENDED -> {
                    return;
                }
                case PENDING -> channel.complete(status, null, null);
                case STREAMING -> {
                    if (cancelled) stream.finish();
                    else stream.close();
                }
            }
            state = State.ENDED;
        } finally {
            lock.unlock();
        }
        session.exchangeEnded(this);
    }

    private void startStream() {
        stream = session.streams().newRequestStream(id);
        Duration retry = session.primes() ? session.retry() : null;
        stream.open(channel, retry);
        state = State.STREAMING;
    }
}
