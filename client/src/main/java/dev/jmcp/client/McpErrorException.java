package dev.jmcp.client;

import dev.jmcp.protocol.jsonrpc.JsonRpcError;

/**
 * The server answered a request with a JSON-RPC error ("the request was wrong"): the code (see
 * {@link dev.jmcp.protocol.jsonrpc.ErrorCodes}), the server's message and its optional {@code data} JSON tree. The
 * connection is fine and the client may go on. Thrown on the thread that made the call. A handler of a server's
 * request (sampling, elicitation, roots) may throw it too, to answer with that error.
 */
public final class McpErrorException extends RuntimeException {
    private final int code;
    private final transient Object data;

    public McpErrorException(int code, String message, Object data) {
        super(message);
        this.code = code;
        this.data = data;
    }

    public McpErrorException(JsonRpcError error) {
        this(error.code(), error.message(), error.data());
    }

    /** The JSON-RPC error code, e.g. -32602 for invalid params. */
    public int code() {
        return code;
    }

    /** The error's {@code data}, a JSON tree, or null. */
    public Object data() {
        return data;
    }

    public JsonRpcError error() {
        return new JsonRpcError(code, getMessage(), data);
    }

    @Override
    public String toString() {
        return "MCP error " + code + ": " + getMessage();
    }
}
