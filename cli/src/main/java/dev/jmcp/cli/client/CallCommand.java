package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.client.McpClient;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code jmcp call TOOL [--arg k=v ...|--json '{...}']}: calls one tool, asking for progress; prints the result to
 * standard output and progress and log messages to standard error. Exit code 1 when the result is an error.
 */
@Command(name = "call", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class, sortOptions = false,
        description = "Calls a tool of an MCP server and prints its result (--url URL, or the server command after "
                + "'--'). Exits with 1 when the tool reports an error.")
public final class CallCommand implements Callable<Integer> {
    @Mixin
    ServerConnection connection;

    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool, e.g. get_weather.")
    String tool;

    @Parameters(index = "1..*", paramLabel = "SERVER_COMMAND",
            description = "After '--': the command that starts the server over stdio.")
    List<String> serverCommand;

    @Option(names = "--arg", paramLabel = "NAME=VALUE",
            description = "A tool argument (repeatable). The value is taken as JSON (a number, true, an object...) "
                    + "unless the tool's schema says the argument is a string.")
    List<String> arguments = new ArrayList<>();

    @Option(names = "--json", paramLabel = "JSON", description = "All arguments as one JSON object, instead of --arg.")
    String json;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "Ask the server for its log messages at this level and above (debug, info, warning, ...).")
    String logLevel;

    @Override
    public Integer call() {
        Map<String, String> pairs;
        Map<String, Object> given;
        LoggingLevel level;
        try {
            if (json != null && !arguments.isEmpty()) throw new IllegalArgumentException("Give --arg or --json, not both");
            pairs = KeyValues.parse(arguments);
            given = json == null ? null : jsonObject(json);
            level = logLevel == null ? null : LoggingLevel.fromWire(logLevel).orElseThrow(() ->
                    new IllegalArgumentException("unknown log level '" + logLevel + "'; use debug, info, notice, "
                            + "warning, error, critical, alert or emergency"));
        } catch (IllegalArgumentException e) {
            throw connection.usage(e.getMessage());
        }
        return connection.run(serverCommand, true, (client, output) -> {
            if (level != null) client.setLogLevel(level);
            Map<String, Object> args = given != null ? given : pairs.isEmpty() ? Map.of() : typed(client, pairs);
            Terminal terminal = output.terminal();
            if (terminal != null) terminal.callStarted();
            dev.jmcp.protocol.CallToolResult result;
            try {
                result = client.callTool(tool, args, output::notification);
            } finally {
                if (terminal != null) terminal.callEnded();
            }
            output.result(result, TextRendering.toolResult(result));
            return result.failed() ? 1 : 0;
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> jsonObject(String text) {
        Object tree;
        try {
            tree = JsonCodec.shared().parse(text);
        } catch (JsonRpcException e) {
            throw new IllegalArgumentException("--json is not valid JSON: " + e.getMessage());
        }
        if (!(tree instanceof Map<?, ?> map)) throw new IllegalArgumentException("--json must be a JSON object");
        return (Map<String, Object>) map;
    }

    /** Each value as JSON unless the tool's schema declares its property a string (or it is not valid JSON). */
    private Map<String, Object> typed(McpClient client, Map<String, String> pairs) throws IOException, InterruptedException {
        Map<?, ?> properties = client.listTools().stream().filter(t -> t.name().equals(tool)).findFirst()
                .map(Tool::inputSchema).map(s -> s.get("properties")).filter(Map.class::isInstance)
                .map(Map.class::cast).orElse(Map.of());
        var typed = new LinkedHashMap<String, Object>();
        pairs.forEach((name, value) -> {
            Object type = properties.get(name) instanceof Map<?, ?> p ? p.get("type") : null;
            typed.put(name, "string".equals(type) ? value : jsonOrText(value));
        });
        return typed;
    }

    private static Object jsonOrText(String value) {
        try {
            return JsonCodec.shared().parse(value);
        } catch (JsonRpcException e) {
            return value;
        }
    }
}
