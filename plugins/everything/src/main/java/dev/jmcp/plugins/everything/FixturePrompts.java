package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextResourceContents;

import java.util.List;

/**
 * The fixture's prompts ({@code prompts-get-simple}, {@code -with-args}, {@code -embedded-resource},
 * {@code -with-image}) and the completion of {@code test_prompt_with_arguments}'s {@code arg1}
 * ({@code completion-complete}). Every prompt has a description: {@code prompts-list} fails without one. Stateless.
 */
final class FixturePrompts {
    static final String SIMPLE_TEXT = "This is a simple prompt for testing.";
    static final String EMBEDDED_TEXT = "Embedded resource content for testing.";
    static final List<String> ARG1_SUGGESTIONS = List.of("testValue1", "testValue2", "value1", "value2");

    private FixturePrompts() {
    }

    static void register(Registrar registrar) {
        registrar
                .prompt(new Prompt("test_simple_prompt", "A prompt without arguments.", null),
                        (arguments, context) -> new GetPromptResult(null, List.of(PromptMessage.user(SIMPLE_TEXT))))
                .prompt(new Prompt("test_prompt_with_arguments", "A prompt that repeats its two arguments.", List.of(
                                new PromptArgument("arg1", "First argument", true),
                                new PromptArgument("arg2", "Second argument", true))),
                        (arguments, context) -> new GetPromptResult(null, List.of(PromptMessage.user(
                                "Prompt with arguments: arg1='" + arguments.get("arg1") + "', arg2='"
                                        + arguments.get("arg2") + "'"))))
                .prompt(new Prompt("test_prompt_with_embedded_resource", "A prompt that embeds a resource.", List.of(
                                new PromptArgument("resourceUri", "URI of the resource to embed", true))),
                        (arguments, context) -> new GetPromptResult(null, List.of(
                                new PromptMessage(Role.USER, new EmbeddedResource(new TextResourceContents(
                                        arguments.get("resourceUri"), "text/plain", EMBEDDED_TEXT))),
                                PromptMessage.user("Please process the embedded resource above."))))
                .prompt(new Prompt("test_prompt_with_image", "A prompt that shows an image.", null),
                        (arguments, context) -> new GetPromptResult(null, List.of(
                                new PromptMessage(Role.USER, ContentTools.image()),
                                PromptMessage.user("Please analyze the image above."))))
                .promptCompletion("test_prompt_with_arguments", "arg1", (value, resolved, context) ->
                        Completion.of(ARG1_SUGGESTIONS.stream().filter(s -> s.startsWith(value)).toList()));
    }
}
