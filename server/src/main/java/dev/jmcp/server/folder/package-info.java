/**
 * What serves the plugins folder, as the core sees it: {@link dev.jmcp.server.folder.PluginFolder} loads the plugin
 * files of one folder into registry snapshots, watches the folder and reloads what changes; a
 * {@link dev.jmcp.server.folder.PluginFolders} makes one. The plugin kinds (JARs, native libraries, mounted MCP
 * servers) and the host that serves them live in the module {@code dev.jmcp.server.plugins} (artifact
 * jmcp-server-plugins), which provides {@code PluginFolders} as a {@link java.util.ServiceLoader} service; a server
 * that serves no plugins folder needs neither. Exported to that module alone. Depends on the registry only.
 */
package dev.jmcp.server.folder;
