/**
 * The server's entry point, {@link dev.jmcp.server.McpServer}: it ties the plugin host, the engine and the transports
 * together. Sub-packages hold the parts; of them only the console (which drives the server through this public API)
 * depends on this package, and no two packages depend on each other, even through others ({@code PackageCyclesTest}
 * checks).
 */
package dev.jmcp.server;
