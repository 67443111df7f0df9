/**
 * The server's entry point, {@link dev.jmcp.server.McpServer}: it ties the plugin host, the engine and the transports
 * together. Sub-packages hold the parts.
 */
package dev.jmcp.server;
