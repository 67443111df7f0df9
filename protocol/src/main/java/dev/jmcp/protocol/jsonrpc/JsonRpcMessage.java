package dev.jmcp.protocol.jsonrpc;

/** One JSON-RPC 2.0 message. A closed union: handle it with a {@code switch} without {@code default}. */
public sealed interface JsonRpcMessage permits JsonRpcRequest, JsonRpcNotification, JsonRpcAnswer {
}
