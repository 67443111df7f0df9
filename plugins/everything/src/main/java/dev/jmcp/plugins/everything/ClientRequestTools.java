package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.ResourceLink;
import dev.jmcp.protocol.SamplingContent;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolResultContent;
import dev.jmcp.protocol.ToolUseContent;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The tools that ask the client something mid-call: {@code sampling/createMessage} ({@code tools-call-sampling}) and
 * {@code elicitation/create} ({@code tools-call-elicitation}, {@code elicitation-sep1034-defaults},
 * {@code elicitation-sep1330-enums}). A client that cannot or does not answer makes the call fail as a tool result
 * (the server turns the plugin API's {@code ClientRequestException} into {@code isError}). Stateless.
 */
final class ClientRequestTools {
    /** Below the suite's 30 s scenario budget, so a silent client fails the call rather than the whole scenario. */
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(20);
    static final int MAX_TOKENS = 100;

    private ClientRequestTools() {
    }

    static void register(Registrar registrar) {
        registrar
                .tool(new Tool("test_sampling", "Asks the client's model to answer a prompt and returns its answer.",
                        Schemas.object(Map.of("prompt", Schemas.string("The prompt to send to the model")),
                                List.of("prompt"))), (arguments, context) -> {
                    var request = new CreateMessageRequest((String) arguments.get("prompt"), MAX_TOKENS);
                    var answer = context.sample(request, CLIENT_TIMEOUT);
                    return CallToolResult.text("LLM response: " + describe(answer.content()));
                })
                .tool(new Tool("test_elicitation", "Asks the user for a user name and an e-mail address.",
                        Schemas.object(Map.of("message", Schemas.string("The message to show the user")),
                                List.of("message"))),
                        (arguments, context) -> elicit(context, (String) arguments.get("message"),
                                ElicitationForms.userInfo()))
                .tool(new Tool("test_elicitation_sep1034_defaults",
                        "Asks the user to fill a form whose string, integer, number, enum and boolean fields have"
                                + " defaults (SEP-1034).", Tool.NO_ARGUMENTS),
                        (arguments, context) -> elicit(context, "Please review and update the form fields",
                                ElicitationForms.withDefaults()))
                .tool(new Tool("test_elicitation_sep1330_enums",
                        "Asks the user to choose from the five kinds of enum field (SEP-1330).", Tool.NO_ARGUMENTS),
                        (arguments, context) -> elicit(context, "Please choose from the options",
                                ElicitationForms.enums()));
    }

    private static CallToolResult elicit(RequestContext context, String message, Map<String, Object> schema) {
        ElicitResult answer = context.elicit(ElicitRequest.form(message, schema), CLIENT_TIMEOUT);
        return CallToolResult.text("User response: action=" + answer.action()
                + (answer.content() == null ? "" : ", content=" + answer.content()));
    }

    /** A sampled message's blocks as one line each (one text block: just its text). */
    static String describe(List<SamplingContent> content) {
        return content.stream().map(block -> switch (block) {
            case TextContent text -> text.text();
            case ImageContent image -> "(an image, " + image.mimeType() + ")";
            case AudioContent audio -> "(audio, " + audio.mimeType() + ")";
            case ToolUseContent use -> "(a call of tool " + use.name() + ")";
            case ToolResultContent result -> "(the result of tool use " + result.toolUseId() + ")";
        }).collect(java.util.stream.Collectors.joining("\n"));
    }

    static String describe(Content content) {
        return switch (content) {
            case null -> "(no content)";
            case TextContent text -> text.text();
            case ImageContent image -> "(an image, " + image.mimeType() + ")";
            case AudioContent audio -> "(audio, " + audio.mimeType() + ")";
            case ResourceLink link -> "(a link to " + link.uri() + ")";
            case EmbeddedResource embedded -> "(the resource " + embedded.resource().uri() + ")";
        };
    }
}
