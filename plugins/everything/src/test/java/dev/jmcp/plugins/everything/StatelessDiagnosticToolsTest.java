package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatelessDiagnosticToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void missingCapabilityAsksForASamplingInputAndFailsWhenTheClientHasNoSampling() {
        var context = RecordingContext.plain();

        assertThatThrownBy(() -> registrar.tools().get("test_missing_capability").handler().call(Map.of(), context))
                .isInstanceOf(ClientRequestException.class);

        assertThat(context.inputBatches()).singleElement()
                .satisfies(batch -> assertThat(batch.values()).singleElement().isInstanceOf(InputRequest.Sample.class))
                .satisfies(batch -> assertThat(batch.values().iterator().next().capability()).isEqualTo("sampling"));
    }

    @Test
    void missingCapabilityReturnsTheModelsAnswerWhenTheClientSamples() throws Exception {
        var context = RecordingContext.builder().sampling(request -> new CreateMessageResult(Role.ASSISTANT,
                new TextContent("Paris"), "test-model", "endTurn")).build();

        var result = registrar.tools().get("test_missing_capability").handler().call(Map.of(), context);

        assertThat(text(result)).isEqualTo("LLM response: Paris");
    }

    @Test
    void streamingElicitationAsksOneElicitationInputAndGreetsTheAnswer() throws Exception {
        var context = RecordingContext.builder()
                .elicitation(request -> new ElicitResult("accept", Map.of("name", "Alice"))).build();

        var result = registrar.tools().get("test_streaming_elicitation").handler().call(Map.of(), context);

        assertThat(context.inputBatches()).singleElement()
                .satisfies(batch -> assertThat(batch.get("user_name")).isInstanceOf(InputRequest.Elicit.class));
        assertThat(text(result)).isEqualTo("Hello, Alice!");
    }

    @Test
    void loggingToolLogsOneInfoMessageAndReturnsAResult() throws Exception {
        var context = RecordingContext.plain();

        var result = registrar.tools().get("test_logging_tool").handler().call(Map.of(), context);

        assertThat(context.logMessages()).singleElement()
                .satisfies(log -> assertThat(log.level()).isEqualTo(LoggingLevel.INFO));
        assertThat(result.failed()).isFalse();
        assertThat(text(result)).isNotBlank();
    }
}
