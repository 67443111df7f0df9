package dev.jmcp.cli.serve;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolSearchSettings;

/** Tool search as {@code serve} set it up: {@code settings} null when off (then {@code index} is null too). */
record SearchServing(ToolSearchSettings settings, ToolIndex index) {

    /** The server to serve: with tool search when it is on (the server then owns and closes the index). */
    McpServer server(ServerOptions options) {
        return settings == null ? new McpServer(options) : new McpServer(options, settings, index);
    }
}
