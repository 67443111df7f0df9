package dev.jmcp.client;

import dev.jmcp.client.transport.SessionExpiredException;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One request of ours awaiting its answer. Completed once, from a transport thread (result, error or failure);
 * awaited by the caller's thread. A progress notification for it pushes its deadline back, never past the maximum.
 * Thread-safe.
 */
final class Pending {
    private final RequestId id;
    private final String method;
    private final Consumer<ServerNotification.Progress> progress;
    private final CompletableFuture<Object> outcome = new CompletableFuture<>();
    private volatile long lastActivityNanos = System.nanoTime();
    /** Progress notifications handed to the delivery thread and not yet through the listener; guarded by this. */
    private int undelivered;
    /** The thread that made the request (and waits for its answer). */
    private final Thread caller = Thread.currentThread();

    Pending(RequestId id, String method, Consumer<ServerNotification.Progress> progress) {
        this.id = id;
        this.method = method;
        this.progress = progress;
    }

    Thread caller() {
        return caller;
    }

    RequestId id() {
        return id;
    }

    String method() {
        return method;
    }

    /** The caller's progress listener, or null. */
    Consumer<ServerNotification.Progress> progress() {
        return progress;
    }

    void answered(Object result) {
        outcome.complete(result);
    }

    void refused(JsonRpcError error) {
        outcome.complete(error);
    }

    void failed(IOException cause) {
        outcome.completeExceptionally(cause);
    }

    /** A progress notification for this call was queued for its listener. */
    synchronized void progressQueued() {
        undelivered++;
    }

    /** A queued progress notification went through the listener, or was dropped. */
    synchronized void progressDone() {
        if (--undelivered == 0) notifyAll();
    }

    /**
     * Waits until every progress notification queued so far went through the listener, at most {@code limit}. Called
     * once the answer came: the notifications the server sent before it were queued before it was read, so the caller
     * returns only after its listener saw them.
     */
    synchronized void awaitProgressDelivered(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (undelivered > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** "Implementations MAY choose to reset the timeout clock when receiving a progress notification". */
    void touch() {
        lastActivityNanos = System.nanoTime();
    }

    /**
     * The result tree. Throws {@link McpErrorException} for an error answer, {@link RequestTimeoutException} when
     * {@code timeout} passed without an answer (or progress) or {@code max} passed in all, {@link IOException} when
     * the exchange failed.
     */
    Object await(Duration timeout, Duration max) throws IOException, InterruptedException {
        long start = System.nanoTime();
        while (true) {
            long deadline = Math.min(lastActivityNanos + timeout.toNanos(), start + max.toNanos());
            long wait = deadline - System.nanoTime();
            if (wait <= 0) throw new RequestTimeoutException(method, timeout);
            try {
                Object result = outcome.get(wait, TimeUnit.NANOSECONDS);
                if (result instanceof JsonRpcError error) throw new McpErrorException(error);
                return result;
            } catch (TimeoutException e) {
                // Loop: progress may have moved the deadline.
            } catch (ExecutionException e) {
                // A new exception, so the stack trace shows the caller, with the transport's failure as its cause.
                Throwable cause = e.getCause();
                if (cause instanceof SessionExpiredException expired) {
                    var again = new SessionExpiredException(expired.getMessage());
                    again.initCause(expired);
                    throw again;
                }
                if (cause instanceof dev.jmcp.client.auth.AuthorizationException) {
                    throw new dev.jmcp.client.auth.AuthorizationException(cause.getMessage(), cause);
                }
                throw new IOException(method + " failed: " + cause.getMessage(), cause);
            }
        }
    }
}
