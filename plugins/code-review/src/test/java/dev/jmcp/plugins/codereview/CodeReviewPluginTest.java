package dev.jmcp.plugins.codereview;

import dev.jmcp.plugin.CompletionHandler;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class CodeReviewPluginTest {
    private final RecordingRegistrar registrar = new RecordingRegistrar();

    CodeReviewPluginTest() {
        new CodeReviewPlugin().register(registrar);
    }

    @Test
    void declaresThePromptWithARequiredLanguageAndAnOptionalCode() {
        Prompt prompt = registrar.prompts().get("code-review").declaration();

        assertThat(prompt.title()).isEqualTo("Code review");
        assertThat(prompt.description()).isNotBlank();
        assertThat(prompt.arguments()).extracting(PromptArgument::name, PromptArgument::required)
                .containsExactly(tuple("language", true),
                        tuple("code", false));
        assertThat(registrar.promptCompletions()).containsOnlyKeys("code-review/language");
    }

    @Test
    void embedsTheCodeInAFencedBlockTaggedWithTheLanguage() throws Exception {
        GetPromptResult result = get(Map.of("language", "java", "code", "int x = 1;\n"));

        assertThat(result.messages()).hasSize(1);
        assertThat(result.messages().getFirst().role()).isEqualTo(Role.USER);
        String text = text(result);
        assertThat(text).startsWith("Please review the following Java code")
                .contains("Correctness", "Security", "Performance")
                .endsWith("\n```java\nint x = 1;\n```");
        assertThat(result.description()).isEqualTo("Review of Java code");
    }

    @Test
    void codeContainingAFenceGetsALongerFence() throws Exception {
        String code = "/** Example:\n * ```\n * call();\n * ```\n */";

        String text = text(get(Map.of("language", "Kotlin", "code", code)));

        assertThat(text).endsWith("\n````kotlin\n" + code + "\n````");
    }

    @Test
    void withoutCodeTheUserIsToPasteItNext() throws Exception {
        String text = text(get(Map.of("language", "Brainfuck")));

        assertThat(text).startsWith("Please review the following Brainfuck code")
                .endsWith("I will paste the code in my next message.")
                .doesNotContain("```");
    }

    @Test
    void blankLanguageIsRejected() {
        var arguments = new HashMap<String, String>();
        arguments.put("language", "  ");

        assertThatThrownBy(() -> get(arguments))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The argument 'language' must name a programming language, e.g. Java.");
    }

    @Test
    void completesLanguagesByPrefixIgnoringCase() throws Exception {
        Completion completion = complete("j");

        assertThat(completion.values()).containsExactly("Java", "JavaScript", "Julia");
        assertThat(completion.total()).isEqualTo(3);
        assertThat(completion.hasMore()).isFalse();
        assertThat(complete("C").values()).containsExactly("C", "C#", "C++", "Clojure", "COBOL", "CSS");
        assertThat(complete("TYPES").values()).containsExactly("TypeScript");
    }

    @Test
    void emptyPrefixOffersEveryLanguageSorted() throws Exception {
        Completion completion = complete("");

        assertThat(completion.values()).hasSizeBetween(35, 100)
                .isSortedAccordingTo(String.CASE_INSENSITIVE_ORDER)
                .doesNotHaveDuplicates();
        assertThat(completion.total()).isEqualTo(completion.values().size());
        assertThat(completion.hasMore()).isFalse();
    }

    @Test
    void unknownPrefixOffersNothing() throws Exception {
        Completion completion = complete("xyz");

        assertThat(completion.values()).isEmpty();
        assertThat(completion.total()).isZero();
        assertThat(completion.hasMore()).isFalse();
    }

    @Test
    void knownLanguagesAreListedInOrder() {
        List<String> names = Language.KNOWN.stream().map(Language::name).toList();

        assertThat(names).isSortedAccordingTo(Language.BY_NAME).doesNotHaveDuplicates();
    }

    private Completion complete(String typed) throws Exception {
        CompletionHandler handler = registrar.promptCompletions().get("code-review/language");
        return handler.complete(typed, Map.of(), RecordingContext.plain());
    }

    private GetPromptResult get(Map<String, String> arguments) throws Exception {
        return registrar.prompts().get("code-review").handler().get(arguments, RecordingContext.plain());
    }

    private static String text(GetPromptResult result) {
        return ((TextContent) result.messages().getFirst().content()).text();
    }
}
