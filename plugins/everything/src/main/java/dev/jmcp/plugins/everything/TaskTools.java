package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools of the tasks scenarios (the {@code io.modelcontextprotocol/tasks} extension, SEP-2663). Each task tool
 * calls {@link RequestContext#startTask()} where its slow part begins: with a client that declared the extension the
 * rest runs in the background as a task (its inputs then come through {@code tasks/update}); without it, or on the
 * stateful revisions, the same code simply runs to the end. {@code greet} never becomes a task. Stateless.
 */
final class TaskTools {
    /** How long a task waits for the client to answer its input requests. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(5);

    private TaskTools() {
    }

    static void register(Registrar registrar) {
        registrar
                .tool(new Tool("greet", "Greets someone by name, at once (never a task).", Schemas.object(
                        Map.of("name", Schemas.string("Who to greet")), List.of("name"))),
                        (arguments, context) -> CallToolResult.text("Hello, " + arguments.get("name") + "!"))
                .tool(new Tool("slow_compute", "Works for the given number of seconds, as a task when the client"
                        + " allows; seconds 0 answers at once.", Schemas.object(Schemas.ordered(
                        "seconds", Schemas.typed("number", "How long to work, in seconds"),
                        "label", Schemas.string("A label echoed in the result")), List.of("seconds"))),
                        TaskTools::slowCompute, TaskSupport.OPTIONAL)
                .tool(new Tool("failing_job", "A task that fails as a tool (isError) after about a second.",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    context.startTask();
                    Thread.sleep(1_000);
                    throw new ToolException("failing_job failed, as it always does");
                }, TaskSupport.REQUIRED)
                .tool(new Tool("protocol_error_job", "A task that ends with a JSON-RPC error (task status failed).",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    context.startTask();
                    Thread.sleep(200);
                    throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "protocol_error_job hit an internal error,"
                            + " as it always does");
                }, TaskSupport.OPTIONAL)
                .tool(new Tool("confirm_delete", "Asks the user to confirm (input confirm) before it deletes a file;"
                        + " nothing is really deleted.", Schemas.object(Map.of("filename",
                        Schemas.string("The file to delete")), List.of("filename"))), TaskTools::confirmDelete,
                        TaskSupport.OPTIONAL)
                .tool(new Tool("multi_input", "Asks two questions at once (inputs name and confirm) and reports both"
                        + " answers.", Tool.NO_ARGUMENTS), TaskTools::multiInput, TaskSupport.OPTIONAL)
                .tool(new Tool("test_tool_with_task", "Asks the user's name (input user_name) with the request, then"
                        + " greets them from a task.", Tool.NO_ARGUMENTS), (arguments, context) -> {
                    ElicitResult answer = context.requestInputs(Map.of("user_name", InputRequiredTools.askName()),
                            ANSWER_TIMEOUT).elicitation("user_name");
                    context.startTask();
                    Thread.sleep(100);
                    return CallToolResult.text("Hello, " + InputRequiredTools.nameOf(answer) + "!");
                }, TaskSupport.REQUIRED);
    }

    private static CallToolResult slowCompute(Map<String, Object> arguments, RequestContext context)
            throws InterruptedException {
        double seconds = arguments.get("seconds") instanceof Number n ? n.doubleValue() : 0;
        Object label = arguments.getOrDefault("label", "unlabelled");
        if (seconds > 0) context.startTask();
        Thread.sleep(Math.round(seconds * 1_000));
        return CallToolResult.text("Computed '" + label + "' in " + seconds + " s.");
    }

    private static CallToolResult confirmDelete(Map<String, Object> arguments, RequestContext context) {
        context.startTask();
        Object filename = arguments.get("filename");
        ElicitResult answer = context.requestInputs(Map.of("confirm", confirm("Delete " + filename + "?")),
                ANSWER_TIMEOUT).elicitation("confirm");
        boolean yes = answer.accepted() && answer.content() != null && Boolean.TRUE.equals(answer.content().get("confirm"));
        return CallToolResult.text(yes ? "Deleted " + filename + " (not really)." : "Kept " + filename + ".");
    }

    private static CallToolResult multiInput(Map<String, Object> arguments, RequestContext context) {
        context.startTask();
        var requests = new LinkedHashMap<String, InputRequest>();
        requests.put("name", InputRequiredTools.askName());
        requests.put("confirm", confirm("Shall I go on?"));
        var answers = context.requestInputs(requests, ANSWER_TIMEOUT);
        return CallToolResult.text("name: " + describe(answers.elicitation("name")) + "; confirm: "
                + describe(answers.elicitation("confirm")));
    }

    private static InputRequest confirm(String question) {
        return InputRequest.elicit(ElicitRequest.form(question, Schemas.object(Map.of("confirm",
                Schemas.typed("boolean", "Whether to go ahead")), List.of("confirm"))));
    }

    private static String describe(ElicitResult answer) {
        return answer.action() + (answer.content() == null ? "" : " " + answer.content());
    }
}
