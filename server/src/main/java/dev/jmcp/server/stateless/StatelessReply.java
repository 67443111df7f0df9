package dev.jmcp.server.stateless;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

/**
 * Where the messages of one stateless (2026-07-28) request go: the transport's response to that request. The engine
 * sends notifications tied to the request first (progress, log messages, and for {@code subscriptions/listen} its
 * acknowledgement and the notifications it asked for), then exactly one response, which ends the exchange. A
 * {@code subscriptions/listen} exchange ends only when the transport cancels it. Implementations are thread-safe.
 */
@FunctionalInterface
public interface StatelessReply {

    /** Sends one message; a response ({@code JsonRpcResponse} or {@code JsonRpcErrorResponse}) is the last. */
    void send(JsonRpcMessage message);
}
