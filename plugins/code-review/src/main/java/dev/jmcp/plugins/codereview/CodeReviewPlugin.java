package dev.jmcp.plugins.codereview;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The code-review plugin: the prompt {@code code-review} (arguments {@code language}, required, and {@code code},
 * optional) and completion of {@code language} over the names in {@link Language#KNOWN}. Stateless and thread-safe;
 * takes no configuration.
 */
public final class CodeReviewPlugin implements Plugin {

    static final String PROMPT = "code-review";

    @Override
    public void register(Registrar registrar) {
        var prompt = new Prompt(PROMPT, "Code review",
                "Asks for a thorough review of a piece of code: correctness, security, performance, readability "
                        + "and idiomatic use of the language, with concrete suggested changes.",
                List.of(new PromptArgument("language", "Language",
                                "The programming language of the code, e.g. Java or Python.", true),
                        new PromptArgument("code", "Code",
                                "The code to review. Leave it out to paste the code in the conversation instead.",
                                false)),
                null, null);
        registrar.prompt(prompt, this::review);
        registrar.promptCompletion(PROMPT, "language", CodeReviewPlugin::completeLanguage);
    }

    private GetPromptResult review(Map<String, String> arguments, RequestContext context) {
        String language = arguments.get("language");
        if (language == null || language.isBlank()) {
            throw new IllegalArgumentException("The argument 'language' must name a programming language, e.g. Java.");
        }
        language = Language.named(language).map(Language::name).orElse(language.strip());
        String code = arguments.get("code");
        boolean hasCode = code != null && !code.isBlank();
        String text = ReviewInstructions.write(language, hasCode ? code : null);
        return new GetPromptResult("Review of " + language + " code",
                List.of(PromptMessage.user(text)));
    }

    static Completion completeLanguage(String typed, Map<String, String> resolved, RequestContext context) {
        String prefix = typed == null ? "" : typed.strip().toLowerCase(Locale.ROOT);
        List<String> matches = Language.KNOWN.stream()
                .map(Language::name)
                .filter(name -> name.toLowerCase(Locale.ROOT).startsWith(prefix))
                .sorted(Language.BY_NAME)
                .toList();
        int shown = Math.min(matches.size(), Completion.MAX_VALUES);
        return new Completion(matches.subList(0, shown), matches.size(), matches.size() > shown);
    }
}
