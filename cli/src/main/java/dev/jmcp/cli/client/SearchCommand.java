package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.client.FoundTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code jmcp search "QUERY"}: the tools of a server that best match a request in words, through its own
 * {@code search_tools} when it has one, else ranked here over its {@code tools/list} (the tool-search module's BM25
 * when the installation has it, see {@link LocalRanking}).
 */
@Command(name = "search", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = {"Searches the tools of an MCP server (--url URL, or the server command after '--') for a request "
                + "in words: with the server's own search_tools when it has one (jmcp serve --tool-search), else "
                + "ranked here over its tools/list.",
                "Prints the best tools first, each with its whole definition."})
public final class SearchCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "5",
            description = "How many tools at most (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--json", description = "The same as --json-output: print the result as JSON.")
    boolean json;

    @Parameters(index = "0", paramLabel = "QUERY", description = "What the tool should do, in words.")
    String query;

    @Parameters(index = "1..*", paramLabel = "SERVER_COMMAND", arity = "0..*",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Override
    public Integer call() {
        if (query == null || query.isBlank()) {
            throw new ParameterException(connection.command.commandLine(), "the query is empty");
        }
        if (limit < 1) throw new ParameterException(connection.command.commandLine(), "--limit must be at least 1");
        if (json) connection.jsonOutput = true;
        return connection.run(serverCommand, false, (client, output) -> {
            FoundTools found = client.searchTools(query, limit, LocalRanking.installed());
            output.result(Map.of("tools", found.tools(), "rankedBy", found.rankedBy()),
                    TextRendering.tools(found.tools()) + "(ranked by " + found.rankedBy() + ")\n");
            return 0;
        });
    }
}
