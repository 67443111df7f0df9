/**
 * The transport contract of the client: {@link dev.jmcp.client.transport.ClientTransport} moves framed JSON-RPC
 * messages, {@link dev.jmcp.client.transport.Inbound} receives them. Depends on {@code dev.jmcp.protocol} only; knows
 * nothing of MCP methods or sessions' meaning.
 */
package dev.jmcp.client.transport;
