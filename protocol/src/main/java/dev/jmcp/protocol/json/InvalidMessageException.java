package dev.jmcp.protocol.json;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.RequestId;

/** A JSON value that is not a JSON-RPC 2.0 message (-32600); {@link #id()} is the request's id if one was readable. */
public final class InvalidMessageException extends JsonRpcException {
    private final transient RequestId id;

    InvalidMessageException(RequestId id, String message) {
        super(ErrorCodes.INVALID_REQUEST, "Invalid request: " + message);
        this.id = id;
    }

    public RequestId id() {
        return id;
    }
}
