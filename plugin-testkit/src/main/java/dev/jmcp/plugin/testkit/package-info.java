/**
 * The plugin author's test kit: {@link dev.jmcp.plugin.testkit.PluginTestKit#serve} loads a plugin into a real jmcp
 * server in a child process and hands back a real {@link dev.jmcp.client.McpClient} connected to it. Depends on the
 * plugin API and the client; the server is only started, never called into.
 */
package dev.jmcp.plugin.testkit;
