package dev.jmcp.server.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One HTTP response being written: a plain body or an SSE stream. Writes block (on the caller's virtual thread) for
 * at most the write timeout; a write that fails or times out means the client is gone, and the exchange ends with a
 * failure. Thread-safe: a lock keeps each write whole. Once ended (by a last write or a failure) every write is a
 * no-op returning false. Owned by whoever answers on it (an exchange, a stream, a legacy session).
 */
final class ResponseChannel {
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);

    private final Response response;
    private final Callback callback;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean ended;
    private volatile boolean eventStream;
    private volatile long lastWriteNanos = System.nanoTime();
    private volatile Runnable onLost = () -> { };
    private volatile Runnable beforeCommit = () -> { };

    ResponseChannel(Request request, Response response, Callback callback) {
        this.response = response;
        this.callback = callback;
        request.addFailureListener(this::lost);
    }

    boolean isOpen() {
        return !ended;
    }

    boolean isEventStream() {
        return eventStream;
    }

    long lastWriteNanos() {
        return lastWriteNanos;
    }

    /** What to do when the client goes away (not called for a normal end). */
    void onLost(Runnable action) {
        onLost = action;
    }

    void header(String name, String value) {
        response.getHeaders().put(name, value);
    }

    /** Runs just before the status and headers are fixed, so a header can depend on how the exchange went. */
    void beforeCommit(Runnable action) {
        beforeCommit = action;
    }

    /** Writes a whole response and ends the exchange. */
    void complete(int status, String contentType, byte[] body) {
        lock.lock();
        try {
            if (ended || response.isCommitted()) return;
            beforeCommit.run();
            response.setStatus(status);
            if (contentType != null) response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body == null ? 0 : body.length);
            write(body == null ? BufferUtil.EMPTY_BUFFER : ByteBuffer.wrap(body), true);
        } finally {
            lock.unlock();
        }
    }

    /** Makes this response an SSE stream; the headers go out with the first write. */
    void startEventStream() {
        lock.lock();
        try {
            if (ended || response.isCommitted()) return;
            beforeCommit.run();
            eventStream = true;
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
        } finally {
            lock.unlock();
        }
    }

    /** Writes a chunk of the stream; {@code last} ends the response. False when the client is gone. */
    boolean write(byte[] bytes, boolean last) {
        lock.lock();
        try {
            return write(ByteBuffer.wrap(bytes), last);
        } finally {
            lock.unlock();
        }
    }

    /** Ends the response normally (the last chunk is empty). */
    void end() {
        lock.lock();
        try {
            write(BufferUtil.EMPTY_BUFFER, true);
        } finally {
            lock.unlock();
        }
    }

    private boolean write(ByteBuffer buffer, boolean last) {
        if (ended) return false;
        try (Blocker.Callback blocker = Blocker.callback()) {
            response.write(last, buffer, blocker);
            blocker.block(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException | TimeoutException | RuntimeException e) {
            lost(e);
            return false;
        }
        lastWriteNanos = System.nanoTime();
        if (last) {
            ended = true;
            callback.succeeded();
        }
        return true;
    }

    private void lost(Throwable cause) {
        if (ended) return;
        ended = true;
        callback.failed(cause);
        onLost.run();
    }
}
