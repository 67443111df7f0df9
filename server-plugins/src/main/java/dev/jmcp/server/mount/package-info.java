/**
 * Mounts: another MCP server served as a plugin. {@link dev.jmcp.server.mount.MountSpec} is a {@code .mcp.json}
 * file; {@link dev.jmcp.server.mount.Mount} connects to that server through {@code jmcp-client}, supervises and
 * restarts it, and turns what it offers into a registry {@code Contribution} whose handlers forward each request,
 * with its progress, log messages, cancellation and the server's questions to the client. Depends on the client
 * library, the plugin API and the registry; knows nothing of sessions or transports, nor of the plugins folder.
 */
package dev.jmcp.server.mount;
