package dev.jmcp.protocol.jsonrpc;

/**
 * The answer to a request: its result or its error, either way naming the request it answers. Lets code that only
 * cares which request a message answers say so without a {@code default} branch.
 */
public sealed interface JsonRpcAnswer extends JsonRpcMessage permits JsonRpcResponse, JsonRpcErrorResponse {
    /** The id of the request this answers; null only for an error about a message whose id could not be read. */
    RequestId id();
}
