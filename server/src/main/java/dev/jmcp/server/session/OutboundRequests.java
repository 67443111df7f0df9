package dev.jmcp.server.session;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.ClientRequestException.Reason;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.transport.Connection;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The requests a session sent to its client and is waiting on. A caller blocks in {@link #send} until the answer,
 * a timeout (then the client is told the request is cancelled), its own cancellation, or the session's end.
 * Thread-safe.
 */
final class OutboundRequests {
    private final AtomicLong nextId = new AtomicLong();
    private final Map<RequestId, CompletableFuture<JsonRpcMessage>> pending = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** Sends {@code method} and returns the client's result, a JSON tree. */
    Object send(Connection connection, String method, Map<String, Object> params, RequestId related, Duration timeout) {
        if (closed) throw new ClientRequestException(Reason.CLOSED, "the client connection is closed");
        RequestId id = RequestId.of("jmcp-" + nextId.incrementAndGet());
        var answer = new CompletableFuture<JsonRpcMessage>();
        pending.put(id, answer);
        try {
            connection.send(new JsonRpcRequest(id, method, params), related);
            JsonRpcMessage message = answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return switch (message) {
                case JsonRpcResponse r -> r.result();
                case JsonRpcErrorResponse e -> throw new ClientRequestException(Reason.CLIENT_ERROR,
                        "the client answered " + method + " with error " + e.error().code() + ": " + e.error().message());
                case JsonRpcRequest r -> throw new IllegalStateException("not an answer: " + r);
                case JsonRpcNotification n -> throw new IllegalStateException("not an answer: " + n);
            };
        } catch (TimeoutException e) {
            cancel(connection, id, related, "timed out after " + timeout.toMillis() + " ms");
            throw new ClientRequestException(Reason.TIMEOUT,
                    "the client did not answer " + method + " within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            cancel(connection, id, related, "the request that asked was cancelled");
            Thread.currentThread().interrupt();
            throw new ClientRequestException(Reason.CANCELLED, method + " was abandoned: the call was cancelled");
        } catch (ExecutionException e) {
            throw new ClientRequestException(Reason.CLOSED, "the client connection closed before it answered " + method);
        } finally {
            pending.remove(id);
        }
    }

    /** Completes the request {@code response} answers; false when no such request is waiting. */
    boolean complete(RequestId id, JsonRpcMessage response) {
        var answer = id == null ? null : pending.get(id);
        return answer != null && answer.complete(response);
    }

    /** Fails every waiting request: the connection is gone. */
    void close() {
        closed = true;
        pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("closed")));
    }

    private void cancel(Connection connection, RequestId id, RequestId related, String reason) {
        pending.remove(id);
        var params = new LinkedHashMap<String, Object>();
        params.put("requestId", id.value());
        params.put("reason", reason);
        connection.send(new JsonRpcNotification(OutboundMethods.CANCELLED, params), related);
    }
}
