package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code jmcp prompts}: lists every prompt of a server (all pages). */
@Command(name = "prompts", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Lists the prompts of an MCP server (--url URL, or the server command after '--').")
public final class PromptsCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(paramLabel = "SERVER_COMMAND", arity = "0..*",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Override
    public Integer call() {
        return connection.run(serverCommand, false, (client, output) -> {
            if (!client.serverCapabilities().containsKey("prompts")) {
                output.result(Map.of("prompts", List.of()),
                        "(no prompts: the server does not offer any; it declares no prompts capability)");
                return 0;
            }
            var prompts = client.listPrompts();
            output.result(Map.of("prompts", prompts), TextRendering.prompts(prompts));
            return 0;
        });
    }
}
