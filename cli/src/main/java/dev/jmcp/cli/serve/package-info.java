/**
 * {@code jmcp serve}: the options of the server's command line ({@link dev.jmcp.cli.serve.ServeCommand}) and what the
 * command adds around serving (call log, telemetry, shared state, the console, logging). The process-level work of
 * serving stdio (which stream carries the protocol, shutdown on signals) is the server's own
 * ({@code dev.jmcp.server.process}), which a JAR plugin's child process uses too. The engine itself is
 * {@code dev.jmcp.server}; nothing here knows MCP methods.
 */
package dev.jmcp.cli.serve;
