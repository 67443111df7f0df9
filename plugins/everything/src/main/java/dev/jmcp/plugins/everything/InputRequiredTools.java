package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.InputResponses;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.Tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.jmcp.plugins.everything.ClientRequestTools.CLIENT_TIMEOUT;
import static dev.jmcp.plugins.everything.ClientRequestTools.MAX_TOKENS;

/**
 * The tools and the prompt of the {@code input-required-result-*} scenarios (SEP-2322, multi round-trip requests).
 * Each asks for its inputs with {@link RequestContext#requestInputs} before doing anything else: on 2026-07-28 the
 * first run ends there with an {@code input_required} result and the handler runs again with the answers, so it
 * must reach the same call with the same keys; on the stateful revisions the same call sends the requests and waits.
 * The {@code requestState}, its signature and the re-run are the server's; the keys here are the suite's. Stateless.
 */
final class InputRequiredTools {
    static final String NAME_QUESTION = "What is your name?";
    static final String CAPITAL_QUESTION = "What is the capital of France?";

    private InputRequiredTools() {
    }

    static void register(Registrar registrar) {
        registrar
                .tool(tool("elicitation", "Asks the user's name (input user_name) and greets them."),
                        (arguments, context) -> greet(ask(context, Map.of("user_name", askName())), "user_name"))
                .tool(tool("sampling", "Asks the client's model a question (input capital_question) and returns"
                        + " its answer."), (arguments, context) -> {
                    var answers = ask(context, Map.of("capital_question", askCapital()));
                    return CallToolResult.text("LLM response: "
                            + ClientRequestTools.describe(answers.sampling("capital_question").content()));
                })
                .tool(tool("list_roots", "Asks the client for its roots (input client_roots) and lists them."),
                        (arguments, context) -> CallToolResult.text("Client roots: "
                                + describe(ask(context, Map.of("client_roots", InputRequest.listRoots()))
                                .roots("client_roots"))))
                .tool(tool("request_state", "Asks the user to confirm (input confirm); the answer comes back with"
                        + " the server's request state."), (arguments, context) -> {
                    ElicitResult answer = ask(context, Map.of("confirm", InputRequest.elicit(ElicitRequest.form(
                            "Please confirm to continue", Schemas.object(Map.of("ok",
                                    Schemas.typed("boolean", "Whether to continue")), List.of("ok"))))))
                            .elicitation("confirm");
                    return CallToolResult.text("state-ok: action=" + answer.action() + ", ok="
                            + (answer.content() == null ? null : answer.content().get("ok")));
                })
                .tool(tool("multiple_inputs", "Asks for three inputs at once: the user's name (user_name), a"
                        + " greeting from the model (greeting) and the client's roots (client_roots)."),
                        (arguments, context) -> {
                            var requests = new LinkedHashMap<String, InputRequest>();
                            requests.put("user_name", askName());
                            requests.put("greeting", InputRequest.sample(new CreateMessageRequest(
                                    "Write a one-line greeting.", MAX_TOKENS)));
                            requests.put("client_roots", InputRequest.listRoots());
                            var answers = ask(context, requests);
                            return CallToolResult.text(nameOf(answers.elicitation("user_name")) + "; greeting: "
                                    + ClientRequestTools.describe(answers.sampling("greeting").content())
                                    + "; roots: " + describe(answers.roots("client_roots")));
                        })
                .tool(tool("multi_round", "Asks in two rounds: the user's name (step1), then their favourite"
                        + " colour (step2)."), (arguments, context) -> {
                    String name = nameOf(ask(context, Map.of("step1", askName())).elicitation("step1"));
                    ElicitResult colour = ask(context, Map.of("step2", InputRequest.elicit(ElicitRequest.form(
                            "Which colour do you like best, " + name + "?", Schemas.object(Map.of("color",
                                    Schemas.string("Your favourite colour")), List.of("color"))))))
                            .elicitation("step2");
                    return CallToolResult.text("Hello, " + name + "! Your favourite colour is "
                            + (colour.content() == null ? "unknown" : colour.content().get("color")) + ".");
                })
                .tool(tool("tampered_state", "Asks the user's name (user_name); a request state changed by the client"
                        + " is refused by the server."),
                        (arguments, context) -> greet(ask(context, Map.of("user_name", askName())), "user_name"))
                .tool(tool("capabilities", "Asks only for the inputs the client declared it can give: elicitation"
                        + " (user_name), sampling (capital_question), roots (client_roots)."),
                        InputRequiredTools::askWhatIsSupported)
                .prompt(new Prompt("test_input_required_result_prompt", "A prompt that first asks the user for"
                        + " context (input user_context).", null), (arguments, context) -> {
                    ElicitResult answer = ask(context, Map.of("user_context", InputRequest.elicit(ElicitRequest.form(
                            "What should the prompt be about?", Schemas.object(Map.of("context",
                                    Schemas.string("The context for the prompt")), List.of("context"))))))
                            .elicitation("user_context");
                    Object given = answer.content() == null ? null : answer.content().get("context");
                    return new GetPromptResult(null, List.of(PromptMessage.user(
                            "Prompt with user context: " + (given == null ? "(none given)" : given))));
                });
    }

    private static Tool tool(String suffix, String description) {
        return new Tool("test_input_required_result_" + suffix, description, Tool.NO_ARGUMENTS);
    }

    private static InputResponses ask(RequestContext context, Map<String, InputRequest> requests) {
        return context.requestInputs(requests, CLIENT_TIMEOUT);
    }

    static InputRequest askName() {
        return InputRequest.elicit(ElicitRequest.form(NAME_QUESTION, Schemas.object(
                Map.of("name", Schemas.string("Your name")), List.of("name"))));
    }

    static InputRequest askCapital() {
        return InputRequest.sample(new CreateMessageRequest(CAPITAL_QUESTION, MAX_TOKENS));
    }

    private static CallToolResult askWhatIsSupported(Map<String, Object> arguments, RequestContext context) {
        var requests = new LinkedHashMap<String, InputRequest>();
        if (context.clientSupportsElicitation()) requests.put("user_name", askName());
        if (context.clientSupportsSampling()) requests.put("capital_question", askCapital());
        if (context.clientSupportsRoots()) requests.put("client_roots", InputRequest.listRoots());
        if (requests.isEmpty()) {
            return CallToolResult.text("The client declared no elicitation, sampling or roots: nothing to ask.");
        }
        var answers = ask(context, requests);
        return CallToolResult.text("Received " + String.join(", ", answers.answers().keySet().stream().sorted()
                .toList()) + ".");
    }

    private static CallToolResult greet(InputResponses answers, String key) {
        return CallToolResult.text("Hello, " + nameOf(answers.elicitation(key)) + "!");
    }

    /** The {@code name} the user gave, or a stand-in when they declined or left it out. */
    static String nameOf(ElicitResult answer) {
        Object name = answer.accepted() && answer.content() != null ? answer.content().get("name") : null;
        return name == null ? "stranger" : name.toString();
    }

    private static String describe(List<Root> roots) {
        if (roots.isEmpty()) return "(none)";
        return roots.stream().map(r -> r.uri() + (r.name() == null ? "" : " (" + r.name() + ")"))
                .collect(Collectors.joining(", "));
    }
}
