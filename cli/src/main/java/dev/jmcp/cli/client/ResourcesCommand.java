package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.protocol.ResourceTemplate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code jmcp resources}: lists every resource and resource template of a server (all pages). */
@Command(name = "resources", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Lists the resources and resource templates of an MCP server (--url URL, or the server command "
                + "after '--').")
public final class ResourcesCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(paramLabel = "SERVER_COMMAND", arity = "0..*",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Override
    public Integer call() {
        return connection.run(serverCommand, false, (client, output) -> {
            if (!client.serverCapabilities().containsKey("resources")) {
                // It would answer resources/list with -32601: it has none to offer, which is an answer, not an error.
                output.result(Map.of("resources", List.of(), "resourceTemplates", List.of()),
                        "(no resources: the server does not offer any; it declares no resources capability)");
                return 0;
            }
            var resources = client.listResources();
            List<ResourceTemplate> templates = client.listResourceTemplates();
            output.result(Map.of("resources", resources, "resourceTemplates", templates),
                    TextRendering.resources(resources, templates));
            return 0;
        });
    }
}
