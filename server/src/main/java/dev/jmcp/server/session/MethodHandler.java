package dev.jmcp.server.session;

/**
 * Serves one JSON-RPC method. Returns the result (a protocol record or a JSON tree); throws
 * {@link dev.jmcp.protocol.jsonrpc.JsonRpcException} when the request was wrong. Runs on the request's own virtual
 * thread.
 */
@FunctionalInterface
public interface MethodHandler {
    Object handle(Call call) throws Exception;
}
