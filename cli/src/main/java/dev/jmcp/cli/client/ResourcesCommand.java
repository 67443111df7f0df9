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
            var resources = client.listResources();
            // A server without resources answers -32601 to templates/list; it has no templates then.
            List<ResourceTemplate> templates = client.serverCapabilities().containsKey("resources")
                    ? client.listResourceTemplates() : List.of();
            output.result(Map.of("resources", resources, "resourceTemplates", templates),
                    TextRendering.resources(resources, templates));
            return 0;
        });
    }
}
