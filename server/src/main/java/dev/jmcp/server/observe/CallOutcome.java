package dev.jmcp.server.observe;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;

import java.util.Map;

/**
 * How an observed request ended.
 *
 * @param kind         the kind of ending
 * @param errorCode    the JSON-RPC error code when {@code kind} is {@link Kind#ERROR}, otherwise 0
 * @param errorMessage the error's message, or {@code null}
 * @param endNanos     {@link System#nanoTime()} when the answer was ready
 * @param detail       what a person needs to see why it failed: the JSON-RPC error's {@code data} for
 *                     {@link Kind#ERROR}, the tool's result (marked {@code isError}) for {@link Kind#TOOL_ERROR};
 *                     otherwise (and when there is none) {@code null}. Kept as the response holds it; an observer
 *                     that shows it encodes it.
 */
public record CallOutcome(Kind kind, int errorCode, String errorMessage, long endNanos, Object detail) {

    public CallOutcome(Kind kind, int errorCode, String errorMessage, long endNanos) {
        this(kind, errorCode, errorMessage, endNanos, null);
    }

    public enum Kind {
        /** Answered with a result. */
        OK,
        /** A tool answered with a result marked {@code isError}. */
        TOOL_ERROR,
        /** Answered with a JSON-RPC error. */
        ERROR,
        /** Cancelled by the client (or the connection went away) before it was answered. */
        CANCELLED
    }

    public static CallOutcome cancelled() {
        return new CallOutcome(Kind.CANCELLED, 0, null, System.nanoTime());
    }

    /** The outcome a response (or {@code null}: none was sent) stands for. */
    public static CallOutcome of(JsonRpcMessage response) {
        long now = System.nanoTime();
        return switch (response) {
            case JsonRpcErrorResponse e -> new CallOutcome(Kind.ERROR, e.error().code(), e.error().message(), now,
                    e.error().data());
            case JsonRpcResponse r when isToolError(r.result()) -> new CallOutcome(Kind.TOOL_ERROR, 0, null, now,
                    r.result());
            case JsonRpcResponse _ -> new CallOutcome(Kind.OK, 0, null, now);
            case null, default -> new CallOutcome(Kind.CANCELLED, 0, null, now);
        };
    }

    private static boolean isToolError(Object result) {
        return switch (result) {
            case CallToolResult r -> Boolean.TRUE.equals(r.isError());
            case Map<?, ?> m -> Boolean.TRUE.equals(m.get("isError"));
            case null, default -> false;
        };
    }
}
