package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Tool;

import java.util.Map;

import static dev.jmcp.plugins.everything.ClientRequestTools.CLIENT_TIMEOUT;

/**
 * The diagnostic tools the {@code server-stateless} scenario calls on 2026-07-28: {@code test_missing_capability}
 * needs the client's sampling (the server answers {@code -32021} when the request did not declare it, before the tool
 * gets an answer), {@code test_streaming_elicitation} needs an elicitation (which must end as an
 * {@code input_required} result, never as a request on the response stream), and {@code test_logging_tool} logs (the
 * server drops the message when the request carried no log level) and returns. They work on the stateful revisions
 * too, with the inputs sent as requests. {@code test_custom_header} has a parameter mirrored into an HTTP header
 * ({@code x-mcp-header}), for the header validation scenario. Stateless.
 */
final class StatelessDiagnosticTools {
    static final String LOG_MESSAGE = "test_logging_tool was called";

    private StatelessDiagnosticTools() {
    }

    static void register(Registrar registrar) {
        registrar
                .tool(new Tool("test_missing_capability", "Asks the client's model a question, so it needs the"
                        + " client's sampling capability; without it the request is refused (-32021).",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    var answers = context.requestInputs(Map.of("capital_question", InputRequiredTools.askCapital()),
                            CLIENT_TIMEOUT);
                    return CallToolResult.text("LLM response: "
                            + ClientRequestTools.describe(answers.sampling("capital_question").content()));
                })
                .tool(new Tool("test_streaming_elicitation", "Asks the user's name (input user_name); on 2026-07-28"
                        + " the question comes back as an input_required result, never as a request on the stream.",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    var answers = context.requestInputs(Map.of("user_name", InputRequiredTools.askName()),
                            CLIENT_TIMEOUT);
                    return CallToolResult.text("Hello, " + InputRequiredTools.nameOf(answers.elicitation("user_name"))
                            + "!");
                })
                .tool(new Tool("test_custom_header", "Echoes its region, which Streamable HTTP clients mirror into the"
                        + " Mcp-Param-Region header (x-mcp-header); the server refuses a call whose header disagrees.",
                        Map.of("type", "object", "properties", Map.of("region", Map.of("type", "string",
                                "description", "The region to echo", "x-mcp-header", "Region")),
                                "required", java.util.List.of("region"))),
                        (arguments, context) -> CallToolResult.text("Region: " + arguments.get("region")))
                .tool(new Tool("test_logging_tool", "Logs one info message and returns; the message reaches only a"
                        + " client that asked for a log level.", Tool.NO_ARGUMENTS), (arguments, context) -> {
                    context.log(LoggingLevel.INFO, NotifyingTools.LOGGER, LOG_MESSAGE);
                    return CallToolResult.text("Logging tool completed.");
                });
    }
}
