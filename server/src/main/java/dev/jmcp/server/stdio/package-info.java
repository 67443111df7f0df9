/**
 * The stdio transport: newline-delimited JSON-RPC on a pair of streams, one session per process. Knows nothing of
 * MCP methods; it frames, bounds and writes. {@link dev.jmcp.server.stdio.StandardOutput} takes the process's real
 * standard output for the protocol, for every process that serves over stdio (exported to the jmcp command, which
 * serves so too).
 */
package dev.jmcp.server.stdio;
