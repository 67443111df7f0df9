/**
 * The stdio transport: the server as a child process, one JSON-RPC message per line on its standard input and output.
 * Depends on {@code dev.jmcp.client.transport} and the protocol module only.
 */
package dev.jmcp.client.stdio;
