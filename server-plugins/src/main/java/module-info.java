/**
 * The plugin kinds of a plugins folder and its hot reload: JAR plugins ({@code dev.jmcp.server.plugins}, in the
 * server's process or in a child process of their own, {@code dev.jmcp.server.child}), native libraries
 * ({@code dev.jmcp.server.nativeabi}) and mounted MCP servers ({@code dev.jmcp.server.mount}). The server finds them
 * as the {@link dev.jmcp.server.folder.PluginFolders} service this module provides: add it beside the server to serve
 * a plugins folder. It exports nothing; what it loads reaches clients through the server's registry.
 */
module dev.jmcp.server.plugins {
    requires transitive dev.jmcp.server;
    // Mounts are jmcp's client of other servers. Not transitive: this module exports nothing, so no type of the client
    // reaches anyone through it.
    requires dev.jmcp.client;
    requires org.slf4j;

    provides dev.jmcp.server.folder.PluginFolders with dev.jmcp.server.plugins.PluginHosts;
}
