/**
 * What a plugin author compiles against: {@link dev.jmcp.plugin.Plugin} (found with {@link java.util.ServiceLoader}),
 * the {@link dev.jmcp.plugin.Registrar} it declares its tools, prompts and resources to, the handler interfaces, the
 * annotations for declaring them on plain methods, and the {@link dev.jmcp.plugin.RequestContext} each call receives.
 * Depends only on {@code jmcp-protocol} and the JDK; a plugin sees nothing else of the server.
 */
package dev.jmcp.plugin;
