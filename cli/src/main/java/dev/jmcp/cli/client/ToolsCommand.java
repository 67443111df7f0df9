package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code jmcp tools}: lists every tool of a server (all pages). */
@Command(name = "tools", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Lists the tools of an MCP server (--url URL, or the server command after '--').")
public final class ToolsCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(paramLabel = "SERVER_COMMAND", arity = "0..*",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Override
    public Integer call() {
        return connection.run(serverCommand, false, (client, output) -> {
            var tools = client.listTools();
            output.result(Map.of("tools", tools), TextRendering.tools(tools));
            return 0;
        });
    }
}
