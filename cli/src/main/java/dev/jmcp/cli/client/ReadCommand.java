package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code jmcp read URI}: reads one resource and prints its contents. */
@Command(name = "read", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Reads a resource of an MCP server and prints its contents (--url URL, or the server command "
                + "after '--').")
public final class ReadCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(index = "0", paramLabel = "URI", description = "The resource to read, e.g. bacio:///quote.")
    String uri;

    @Parameters(index = "1..*", paramLabel = "SERVER_COMMAND",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Override
    public Integer call() {
        return connection.run(serverCommand, false, (client, output) -> {
            var contents = client.readResource(uri);
            output.result(contents, TextRendering.contents(contents));
            return 0;
        });
    }
}
