package dev.jmcp.protocol.jsonrpc;

/** The error object of an error response. {@code data} is an optional JSON tree. */
public record JsonRpcError(int code, String message, Object data) {
    public JsonRpcError {
        if (message == null) throw new IllegalArgumentException("an error needs a message");
    }

    public JsonRpcError(int code, String message) {
        this(code, message, null);
    }
}
