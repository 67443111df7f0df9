/**
 * The stdio transport: newline-delimited JSON-RPC on a pair of streams, one session per process. Knows nothing of
 * MCP methods; it frames, bounds and writes.
 */
package dev.jmcp.server.stdio;
