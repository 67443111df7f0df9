package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code jmcp prompt NAME [--arg k=v]}: gets one prompt with its arguments and prints its messages. */
@Command(name = "prompt", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Gets a prompt of an MCP server and prints its messages (--url URL, or the server command "
                + "after '--').")
public final class PromptCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "The prompt, e.g. code-review.")
    String name;

    @Parameters(index = "1..*", paramLabel = "SERVER_COMMAND",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Option(names = "--arg", paramLabel = "NAME=VALUE", description = "A prompt argument (repeatable).")
    List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() {
        Map<String, String> values;
        try {
            values = KeyValues.parse(arguments);
        } catch (IllegalArgumentException e) {
            throw connection.usage(e.getMessage());
        }
        return connection.run(serverCommand, false, (client, output) -> {
            var result = client.getPrompt(name, values);
            output.result(result, TextRendering.promptResult(result));
            return 0;
        });
    }
}
