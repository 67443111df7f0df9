package dev.jmcp.protocol.jsonrpc;

/** An error response. {@code id} is null only when the request's id could not be read (parse error, invalid request). */
public record JsonRpcErrorResponse(RequestId id, JsonRpcError error) implements JsonRpcAnswer {
    public JsonRpcErrorResponse {
        if (error == null) throw new IllegalArgumentException("an error response needs an error");
    }
}
