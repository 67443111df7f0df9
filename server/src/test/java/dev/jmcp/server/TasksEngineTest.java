package dev.jmcp.server;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The tasks extension (SEP-2663) on the stateless revision, over an in-memory connection. */
@Timeout(30)
class TasksEngineTest {
    private static final String V = "2026-07-28";
    private static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final Map<String, Object> WITH_TASKS = Map.of("elicitation", Map.of(), "extensions",
            Map.of(TASKS, Map.of()));

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final MemoryConnection client = new MemoryConnection();
    private final ServerOptions options = ServerOptions.defaults("tasks-test", Path.of("unused"));
    private final Engine engine = new Engine(options, () -> Registry.of(List.of(contribution())),
            Methods.table(options));
    private final ServerSession session = engine.openSession(client);
    private int ids;

    @AfterEach
    void close() {
        release.countDown();
        session.close();
    }

    private Contribution contribution() {
        ToolHandler waits = (args, ctx) -> {
            ctx.startTask();
            try {
                if (!release.await(20, TimeUnit.SECONDS)) throw new ToolException("never released");
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return CallToolResult.text("released in task: " + ctx.inTask());
        };
        var form = Map.<String, Object>of("type", "object", "properties", Map.of("name", Map.of("type", "string")));
        return new Contribution(Owner.BUILT_IN, List.of(
                tool("sync", (args, ctx) -> {
                    ctx.startTask();
                    return CallToolResult.text("sync, in task: " + ctx.inTask());
                }, TaskSupport.NONE),
                tool("waits", waits, TaskSupport.OPTIONAL),
                tool("waits_before_task", (args, ctx) -> {
                    try {
                        release.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                    }
                    ctx.startTask();
                    return CallToolResult.text("late");
                }, TaskSupport.OPTIONAL),
                tool("required", waits, TaskSupport.REQUIRED),
                tool("tool_error", (args, ctx) -> {
                    ctx.startTask();
                    throw new ToolException("the tool failed");
                }, TaskSupport.OPTIONAL),
                tool("protocol_error", (args, ctx) -> {
                    ctx.startTask();
                    throw new JsonRpcException(-32603, "the protocol failed");
                }, TaskSupport.OPTIONAL),
                tool("asks_in_task", (args, ctx) -> {
                    ctx.startTask();
                    var answer = ctx.requestInputs(Map.of("who", InputRequest.elicit(ElicitRequest.form("Who?", form))),
                            Duration.ofSeconds(20)).elicitation("who");
                    return CallToolResult.text("hello " + answer.content().get("name"));
                }, TaskSupport.OPTIONAL),
                tool("asks_then_task", (args, ctx) -> {
                    var answer = ctx.requestInputs(Map.of("who", InputRequest.elicit(ElicitRequest.form("Who?", form))),
                            Duration.ofSeconds(20)).elicitation("who");
                    ctx.startTask();
                    return CallToolResult.text("hello " + answer.content().get("name") + " from a task");
                }, TaskSupport.REQUIRED)), List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static ToolEntry tool(String name, ToolHandler handler, TaskSupport support) {
        return new ToolEntry(new Tool(name, name, null), handler, ArgumentsValidator.ACCEPT_ALL, null, Owner.BUILT_IN,
                support);
    }

    private static Map<String, Object> meta(Map<String, Object> capabilities) {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", V);
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
        return meta;
    }

    private Map<String, Object> request(String method, Map<String, Object> params, Map<String, Object> capabilities)
            throws InterruptedException {
        int id = ++ids;
        var all = new LinkedHashMap<>(params);
        all.put("_meta", meta(capabilities));
        send(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", all));
        Map<String, Object> message;
        do {
            message = client.nextObject();
            assertThat(message.get("id")).isNotEqualTo("early");
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    private void send(Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> response) {
        assertThat(response).containsKey("result");
        return (Map<String, Object>) response.get("result");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> response) {
        assertThat(response).containsKey("error");
        return (Map<String, Object>) response.get("error");
    }

    private Map<String, Object> call(String tool, Map<String, Object> capabilities) throws InterruptedException {
        return request("tools/call", Map.of("name", tool, "arguments", Map.of()), capabilities);
    }

    private Map<String, Object> getTask(String id) throws InterruptedException {
        return result(request("tasks/get", Map.of("taskId", id), WITH_TASKS));
    }

    /** Polls {@code tasks/get}, with a deadline, until the task is {@code status} (or ended otherwise). */
    private Map<String, Object> awaitStatus(String id, String status) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            var task = getTask(id);
            if (task.get("status").equals(status) || List.of("completed", "failed", "cancelled")
                    .contains(task.get("status"))) {
                return task;
            }
            if (System.nanoTime() > deadline) throw new AssertionError("task " + id + " stayed " + task);
        }
    }

    @Test
    void discoverAdvertisesTheExtensionAndNoV1TasksCapability() throws Exception {
        var capabilities = map(result(request("server/discover", Map.of(), Map.of())).get("capabilities"));
        assertThat(capabilities.get("extensions")).isEqualTo(Map.of(TASKS, Map.of()));
        assertThat(capabilities).doesNotContainKey("tasks");
    }

    @Test
    void aTaskToolCalledWithTheExtensionAnswersWithATaskThatLaterCompletes() throws Exception {
        var created = result(call("waits", WITH_TASKS));
        assertThat(created).containsEntry("resultType", "task").containsEntry("status", "working")
                .containsKeys("taskId", "createdAt", "lastUpdatedAt", "ttlMs", "pollIntervalMs")
                .doesNotContainKeys("result", "content", "requestState", "inputRequests");
        String id = (String) created.get("taskId");
        assertThat(getTask(id)).containsEntry("status", "working").containsEntry("resultType", "complete");
        release.countDown();
        var done = awaitStatus(id, "completed");
        assertThat(done).containsEntry("status", "completed");
        assertThat(done.get("result").toString()).contains("released in task: true");
    }

    @Test
    void withoutTheExtensionAnOptionalTaskToolRunsToItsResultAndASyncToolNeverBecomesATask() throws Exception {
        release.countDown();
        var plain = result(call("waits", Map.of()));
        assertThat(plain).containsEntry("resultType", "complete").doesNotContainKey("taskId");
        assertThat(plain.toString()).contains("released in task: false");
        var sync = result(call("sync", WITH_TASKS));
        assertThat(sync).containsEntry("resultType", "complete").doesNotContainKey("taskId");
        assertThat(sync.toString()).contains("sync, in task: false");
    }

    @Test
    void aRequiredTaskToolAndTheTasksMethodsWithoutTheExtensionAreMissingClientCapability() throws Exception {
        var refused = error(call("required", Map.of()));
        assertThat(refused.get("code")).isEqualTo(-32021);
        assertThat(refused.get("data")).isEqualTo(Map.of("requiredCapabilities", Map.of("extensions",
                Map.of(TASKS, Map.of()))));
        for (String method : List.of("tasks/get", "tasks/update", "tasks/cancel")) {
            var gated = error(request(method, Map.of("taskId", "x", "inputResponses", Map.of()), Map.of()));
            assertThat(gated.get("code")).as(method).isEqualTo(-32021);
        }
        for (String removed : List.of("tasks/result", "tasks/list")) {
            assertThat(error(request(removed, Map.of("taskId", "x"), WITH_TASKS)).get("code")).as(removed)
                    .isEqualTo(-32601);
        }
        assertThat(error(request("tasks/get", Map.of("taskId", "unknown"), WITH_TASKS)).get("code"))
                .isEqualTo(-32602);
    }

    @Test
    void aToolErrorCompletesTheTaskWithIsErrorAndAJsonRpcErrorFailsIt() throws Exception {
        String toolError = (String) result(call("tool_error", WITH_TASKS)).get("taskId");
        var completed = awaitStatus(toolError, "completed");
        assertThat(completed).containsEntry("status", "completed");
        assertThat(map(completed.get("result"))).containsEntry("isError", true);

        String protocolError = (String) result(call("protocol_error", WITH_TASKS)).get("taskId");
        var failed = awaitStatus(protocolError, "failed");
        assertThat(failed).containsEntry("status", "failed").doesNotContainKey("result");
        assertThat(map(failed.get("error"))).containsEntry("code", -32603)
                .containsEntry("message", "the protocol failed");
    }

    @Test
    void cancellingATaskInterruptsItsToolAndTheTaskEndsCancelled() throws Exception {
        String id = (String) result(call("waits", WITH_TASKS)).get("taskId");
        assertThat(result(request("tasks/cancel", Map.of("taskId", id), WITH_TASKS))).containsOnlyKeys("resultType");
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(awaitStatus(id, "cancelled")).containsEntry("status", "cancelled");
        assertThat(result(request("tasks/cancel", Map.of("taskId", id), WITH_TASKS))).containsOnlyKeys("resultType");
        assertThat(getTask(id)).containsEntry("status", "cancelled");
    }

    @Test
    void cancellingTheRequestBeforeTheCallBecameATaskInterruptsTheToolAndMakesNoTask() throws Exception {
        var params = new LinkedHashMap<String, Object>(Map.of("name", "waits_before_task", "arguments", Map.of()));
        params.put("_meta", meta(WITH_TASKS));
        send(Map.of("jsonrpc", "2.0", "id", "early", "method", "tools/call", "params", params));
        send(Map.of("jsonrpc", "2.0", "method", "notifications/cancelled", "params", Map.of("requestId", "early")));
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        // The next answer the client gets is for its next request: the cancelled one is never answered.
        assertThat(result(request("server/discover", Map.of(), Map.of()))).containsKey("capabilities");
    }

    @Test
    void anInputInsideATaskWaitsForTasksUpdateWithoutRunningTheToolAgain() throws Exception {
        String id = (String) result(call("asks_in_task", WITH_TASKS)).get("taskId");
        var waiting = awaitStatus(id, "input_required");
        assertThat(waiting).containsEntry("status", "input_required").doesNotContainKey("requestState");
        assertThat(waiting.get("inputRequests").toString()).contains("who", "elicitation/create");
        assertThat(result(request("tasks/update", Map.of("taskId", id, "inputResponses",
                Map.of("unknown", Map.of("ignored", true))), WITH_TASKS))).containsOnlyKeys("resultType");
        assertThat(getTask(id)).containsEntry("status", "input_required");
        request("tasks/update", Map.of("taskId", id, "inputResponses", Map.of("who",
                Map.of("action", "accept", "content", Map.of("name", "Ada")))), WITH_TASKS);
        var done = awaitStatus(id, "completed");
        assertThat(done.get("result").toString()).contains("hello Ada");
    }

    @Test
    void inputsAskedBeforeTheTaskAreAnInputRequiredResultAndTheAnsweredCallBecomesATask() throws Exception {
        var first = result(call("asks_then_task", WITH_TASKS));
        assertThat(first).containsEntry("resultType", "input_required").doesNotContainKey("taskId");
        assertThat(map(first.get("inputRequests"))).containsKey("who");
        var second = result(request("tools/call", Map.of("name", "asks_then_task", "arguments", Map.of(),
                "inputResponses", Map.of("who", Map.of("action", "accept", "content", Map.of("name", "Alice"))),
                "requestState", first.get("requestState")), WITH_TASKS));
        assertThat(second).containsEntry("resultType", "task").doesNotContainKeys("requestState", "inputRequests");
        var done = awaitStatus((String) second.get("taskId"), "completed");
        assertThat(done.get("result").toString()).contains("hello Alice from a task");
    }
}
