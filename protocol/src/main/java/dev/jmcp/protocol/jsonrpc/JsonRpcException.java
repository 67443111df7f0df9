package dev.jmcp.protocol.jsonrpc;

/**
 * "The request was wrong": carries the JSON-RPC error to answer with. Thrown by the codec and by request handlers;
 * turned into a {@link JsonRpcErrorResponse} where the request is answered. Its message goes on the wire, so it
 * must be one a person can act on; no stack trace ever does.
 */
public class JsonRpcException extends RuntimeException {
    private final int code;
    private final transient Object data;

    public JsonRpcException(int code, String message) {
        this(code, message, null);
    }

    public JsonRpcException(int code, String message, Object data) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
    }

    public int code() {
        return code;
    }

    public Object data() {
        return data;
    }

    public JsonRpcError toError() {
        return new JsonRpcError(code, getMessage(), data);
    }

    public static JsonRpcException invalidParams(String message) {
        return new JsonRpcException(ErrorCodes.INVALID_PARAMS, message);
    }

    public static JsonRpcException invalidRequest(String message) {
        return new JsonRpcException(ErrorCodes.INVALID_REQUEST, message);
    }
}
