package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class InputRequiredToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    /** A client with every capability, answering as the conformance harness does. */
    private static RecordingContext harness() {
        return RecordingContext.builder()
                .elicitation(request -> switch (request.message()) {
                    case "Please confirm to continue" -> new ElicitResult("accept", Map.of("ok", true));
                    case "What should the prompt be about?" -> new ElicitResult("accept", Map.of("context", "tests"));
                    default -> request.message().startsWith("Which colour")
                            ? new ElicitResult("accept", Map.of("color", "blue"))
                            : new ElicitResult("accept", Map.of("name", "Alice"));
                })
                .sampling(request -> new CreateMessageResult(Role.ASSISTANT,
                        new TextContent("The capital of France is Paris."), "test-model", "endTurn"))
                .roots(List.of(new Root("file:///test/root", "Test Root")))
                .build();
    }

    private CallToolResult call(String suffix, RecordingContext context) throws Exception {
        return registrar.tools().get("test_input_required_result_" + suffix).handler().call(Map.of(), context);
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void elicitationAsksUnderUserNameForANameAndGreetsIt() throws Exception {
        var context = harness();

        var result = call("elicitation", context);

        var batch = context.inputBatches().getFirst();
        assertThat(batch.keySet()).containsExactly("user_name");
        var request = Fixture.wire(((InputRequest.Elicit) batch.get("user_name")).request());
        assertThat(request).containsEntry("message", "What is your name?");
        assertThat(Fixture.map(request.get("requestedSchema"))).containsEntry("type", "object")
                .containsEntry("required", List.of("name"));
        assertThat(text(result)).isEqualTo("Hello, Alice!");
    }

    @Test
    void samplingAndListRootsEachAskOneInputOfTheirKind() throws Exception {
        var sampling = harness();
        assertThat(text(call("sampling", sampling))).isEqualTo("LLM response: The capital of France is Paris.");
        assertThat(sampling.inputBatches().getFirst().values()).singleElement().isInstanceOf(InputRequest.Sample.class);
        assertThat(Fixture.wire(((InputRequest.Sample) sampling.inputBatches().getFirst().values().iterator().next())
                .request())).containsEntry("maxTokens", 100);

        var roots = harness();
        assertThat(text(call("list_roots", roots))).isEqualTo("Client roots: file:///test/root (Test Root)");
        assertThat(roots.inputBatches().getFirst().values()).singleElement().isInstanceOf(InputRequest.ListRoots.class);
    }

    @Test
    void requestStateToolAsksForABooleanConfirmationAndReportsStateOk() throws Exception {
        var context = harness();

        var result = call("request_state", context);

        assertThat(context.inputBatches().getFirst().keySet()).containsExactly("confirm");
        assertThat(text(result)).startsWith("state-ok").contains("ok=true");
    }

    @Test
    void multipleInputsAsksAllThreeKindsInOneBatch() throws Exception {
        var context = harness();

        var result = call("multiple_inputs", context);

        assertThat(context.inputBatches()).singleElement().satisfies(batch -> {
            assertThat(batch.keySet()).containsExactly("user_name", "greeting", "client_roots");
            assertThat(batch.get("user_name")).isInstanceOf(InputRequest.Elicit.class);
            assertThat(batch.get("greeting")).isInstanceOf(InputRequest.Sample.class);
            assertThat(batch.get("client_roots")).isInstanceOf(InputRequest.ListRoots.class);
        });
        assertThat(text(result)).contains("Alice", "Paris", "file:///test/root");
    }

    @Test
    void multiRoundAsksStep1ThenStep2InTwoBatches() throws Exception {
        var context = harness();

        var result = call("multi_round", context);

        assertThat(context.inputBatches()).extracting(Map::keySet)
                .containsExactly(java.util.Set.of("step1"), java.util.Set.of("step2"));
        assertThat(text(result)).isEqualTo("Hello, Alice! Your favourite colour is blue.");
    }

    @Test
    void tamperedStateToolAsksLikeTheElicitationTool() throws Exception {
        var context = harness();

        assertThat(text(call("tampered_state", context))).isEqualTo("Hello, Alice!");
        assertThat(context.inputBatches().getFirst().keySet()).containsExactly("user_name");
    }

    @Test
    void capabilitiesToolAsksOnlyForWhatTheClientDeclared() throws Exception {
        var samplingOnly = RecordingContext.builder().sampling(request -> new CreateMessageResult(Role.ASSISTANT,
                new TextContent("Paris"), "test-model", "endTurn")).build();

        call("capabilities", samplingOnly);

        assertThat(samplingOnly.inputBatches()).singleElement()
                .satisfies(batch -> assertThat(batch.values()).isNotEmpty()
                        .allSatisfy(input -> assertThat(input).isInstanceOf(InputRequest.Sample.class)));

        var everything = harness();
        call("capabilities", everything);
        assertThat(everything.inputBatches().getFirst().keySet())
                .containsExactly("user_name", "capital_question", "client_roots");

        var nothing = RecordingContext.plain();
        assertThat(text(call("capabilities", nothing))).contains("nothing to ask");
        assertThat(nothing.inputBatches()).isEmpty();
    }

    @Test
    void declinedElicitationStillCompletes() throws Exception {
        var context = RecordingContext.builder().elicitation(request -> new ElicitResult("decline", null)).build();

        assertThat(text(call("elicitation", context))).isEqualTo("Hello, stranger!");
    }

    @Test
    void thePromptAsksForUserContextAndUsesTheAnswer() throws Exception {
        var context = harness();

        var result = registrar.prompts().get("test_input_required_result_prompt").handler().get(Map.of(), context);

        assertThat(context.inputBatches().getFirst().keySet()).containsExactly("user_context");
        assertThat(Fixture.wire(result).toString()).contains("Prompt with user context: tests");
        assertThat(registrar.prompts().get("test_input_required_result_prompt").declaration().description())
                .isNotBlank();
    }
}
