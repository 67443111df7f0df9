/**
 * The plugin author's test kit: {@link dev.jmcp.plugin.testkit.PluginTestKit#plugin} loads a plugin into a real jmcp
 * engine in the test's own JVM and connects real {@link dev.jmcp.client.McpClient}s to it over an in-memory connection
 * (fast, every protocol revision); {@link dev.jmcp.plugin.testkit.PluginTestKit#serve} serves it from a child process
 * over stdio (end to end). Depends on the plugin API, the client and the server.
 */
package dev.jmcp.plugin.testkit;
