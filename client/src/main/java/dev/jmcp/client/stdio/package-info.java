/**
 * The stdio transport: the server as a child process, one JSON-RPC message per line on its standard input and output;
 * and {@link dev.jmcp.client.stdio.ChildProcessLauncher}, the one place jmcp starts a child process (the server's
 * plugin kinds start theirs with it too).
 * Depends on {@code dev.jmcp.client.transport} and the protocol module only.
 */
package dev.jmcp.client.stdio;
