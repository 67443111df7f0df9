/**
 * {@code jmcp serve}: the options of the server's command line ({@link dev.jmcp.cli.serve.ServeCommand}) and the
 * process-level work of serving stdio ({@link dev.jmcp.cli.serve.StdioServing}: which stream carries the protocol,
 * shutdown on signals). The engine itself is {@code dev.jmcp.server}; nothing here knows MCP methods.
 */
package dev.jmcp.cli.serve;
