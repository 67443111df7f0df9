package dev.jmcp.client;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;

import java.util.Map;

/**
 * Answers one round of a server's input requests at once (2026-07-28 {@code input_required} results, and a task's
 * {@code input_required} status). A client that passes such rounds on to someone else (a proxy, a gateway) needs them
 * whole: the server's own keys and every request of the round together, not one request at a time.
 */
@FunctionalInterface
public interface InputRounds {
    /**
     * Answers {@code requests} (the server's key → the request, whose id is that key and whose method is
     * {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list}) with the key → result of each.
     * A key left out is not answered, and the server may ask again. Runs on the thread that made the request; throw
     * {@link McpErrorException} (or any runtime exception) to fail that request with it.
     */
    Map<String, Object> answer(Map<String, JsonRpcRequest> requests) throws InterruptedException;
}
