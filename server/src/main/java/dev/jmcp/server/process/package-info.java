/**
 * A process that serves one client over its own standard streams: the jmcp command's {@code serve} over stdio and a JAR
 * plugin's child process ({@link dev.jmcp.server.process.JarHostMain}, command line by {@code child.ChildJvm}) use the
 * same pieces ({@link dev.jmcp.server.process.StdioProcess}): the protocol moved off file descriptor 1 before any
 * plugin code runs ({@link dev.jmcp.server.stdio.StandardOutput}), and the shutdown that answers every call in flight. Exported to the jmcp command alone.
 *
 * <p>The top of the server's layering: it uses the server ({@code dev.jmcp.server}) and nothing uses it, so the plugin
 * kinds name {@code JarHostMain} by its class name only.
 */
package dev.jmcp.server.process;
