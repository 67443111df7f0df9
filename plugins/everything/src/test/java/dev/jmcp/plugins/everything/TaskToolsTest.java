package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The task tools outside a task (no server): they declare their task support and run to the end synchronously. */
@Timeout(10)
class TaskToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    private static RecordingContext confirming() {
        return RecordingContext.builder().elicitation(request -> new ElicitResult("accept",
                Map.of("confirm", true, "name", "Alice"))).build();
    }

    private CallToolResult call(String tool, Map<String, Object> arguments) throws Exception {
        return registrar.tools().get(tool).handler().call(arguments, confirming());
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void eachToolDeclaresTheTaskSupportTheSuiteExpects() {
        assertThat(registrar.taskSupport("greet")).isEqualTo(TaskSupport.NONE);
        assertThat(registrar.taskSupport("slow_compute")).isEqualTo(TaskSupport.OPTIONAL);
        assertThat(registrar.taskSupport("failing_job")).isEqualTo(TaskSupport.REQUIRED);
        assertThat(registrar.taskSupport("test_tool_with_task")).isEqualTo(TaskSupport.REQUIRED);
        assertThat(registrar.taskSupport("confirm_delete")).isNotEqualTo(TaskSupport.NONE);
        assertThat(registrar.taskSupport("multi_input")).isNotEqualTo(TaskSupport.NONE);
        assertThat(registrar.taskSupport("protocol_error_job")).isNotEqualTo(TaskSupport.NONE);
    }

    @Test
    void greetAndSlowComputeAnswerWithTheirText() throws Exception {
        assertThat(text(call("greet", Map.of("name", "sep-2243")))).isEqualTo("Hello, sep-2243!");
        assertThat(text(call("slow_compute", Map.of("seconds", 0, "label", "instant")))).contains("instant");
    }

    @Test
    void failingJobIsAToolErrorAndProtocolErrorJobAJsonRpcError() {
        assertThatThrownBy(() -> call("failing_job", Map.of())).isInstanceOf(ToolException.class);
        assertThatThrownBy(() -> call("protocol_error_job", Map.of())).isInstanceOf(JsonRpcException.class);
    }

    @Test
    void theAskingToolsUseTheAnswersTheyGet() throws Exception {
        assertThat(text(call("confirm_delete", Map.of("filename", "a.txt")))).startsWith("Deleted a.txt");
        assertThat(text(call("multi_input", Map.of()))).contains("name: accept", "confirm: accept");
        assertThat(text(call("test_tool_with_task", Map.of()))).isEqualTo("Hello, Alice!");
    }
}
