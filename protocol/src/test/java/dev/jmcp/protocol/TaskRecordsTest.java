package dev.jmcp.protocol;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The tasks extension's records against the extension's own examples (SEP-2663), and the shapes it rules out. */
class TaskRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    @Test
    void theExtensionsCreateTaskResultExampleRoundTrips() {
        String example = """
                {"resultType": "task", "taskId": "786512e2-9e0d-44bd-8f29-789f320fe840", "status": "working",
                 "statusMessage": "The operation is now in progress.", "createdAt": "2025-11-25T10:30:00Z",
                 "lastUpdatedAt": "2025-11-25T10:40:00Z", "ttlMs": 60000, "pollIntervalMs": 5000}""";
        Object tree = CODEC.parse(example);
        CreateTaskResult created = CODEC.fromTree(tree, CreateTaskResult.class);
        assertThat(created.status()).isEqualTo(TaskStatus.WORKING);
        assertThat(CODEC.parse(CODEC.writeValueAsString(created))).isEqualTo(tree);
    }

    @Test
    void aDetailedTaskCarriesWhatItsStatusCarriesAndRoundTrips() {
        String completed = """
                {"taskId": "t1", "status": "completed", "createdAt": "2025-11-25T10:30:00Z",
                 "lastUpdatedAt": "2025-11-25T10:50:00Z", "ttlMs": 60000, "pollIntervalMs": 5000,
                 "result": {"content": [{"type": "text", "text": "Sunny"}], "isError": false}}""";
        Object tree = CODEC.parse(completed);
        DetailedTask task = CODEC.fromTree(tree, DetailedTask.class);
        assertThat(task.result()).containsKey("content");
        assertThat(CODEC.parse(CODEC.writeValueAsString(task))).isEqualTo(tree);
        assertThat(CreateTaskResult.of(task).resultType()).isEqualTo("task");
        assertThat(CODEC.toTree(CreateTaskResult.of(task))).doesNotContainKey("result");
    }

    @Test
    void aCombinationTheExtensionDoesNotDefineIsRefusedWithTheReason() {
        assertThatThrownBy(() -> task(TaskStatus.COMPLETED, null, null, null))
                .hasMessageContaining("a completed task carries result");
        assertThatThrownBy(() -> task(TaskStatus.WORKING, null, Map.of("content", java.util.List.of()), null))
                .hasMessageContaining("a working task has no result");
        assertThatThrownBy(() -> task(TaskStatus.INPUT_REQUIRED, null, null, null))
                .hasMessageContaining("carries inputRequests");
        assertThatThrownBy(() -> task(TaskStatus.FAILED, null, null, null)).hasMessageContaining("carries error");
        assertThat(task(TaskStatus.CANCELLED, null, null, null).status().terminal()).isTrue();
        assertThat(TaskStatus.fromWire("input_required")).contains(TaskStatus.INPUT_REQUIRED);
        assertThat(TaskStatus.fromWire("done")).isEmpty();
    }

    private static DetailedTask task(TaskStatus status, Map<String, Object> inputs, Map<String, Object> result,
                                     Map<String, Object> error) {
        return new DetailedTask("t", status, null, "2025-11-25T10:30:00Z", "2025-11-25T10:30:00Z", 1000, 100, inputs,
                result, error);
    }
}
