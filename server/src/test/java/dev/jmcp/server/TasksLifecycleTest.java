package dev.jmcp.server;

import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
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
import dev.jmcp.server.tasks.TaskMethods;
import dev.jmcp.server.tasks.TaskStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How long tasks and their handlers live on the stateless revision: running handlers are bounded by the store's
 * capacity, tasks expire on time and at shutdown, and what a task keeps can always be written.
 */
@Timeout(30)
class TasksLifecycleTest {
    private static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final Map<String, Object> WITH_TASKS = Map.of("elicitation", Map.of(), "extensions",
            Map.of(TASKS, Map.of()));

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final AtomicInteger running = new AtomicInteger();
    private final MemoryConnection client = new MemoryConnection();
    private final ServerOptions options = ServerOptions.defaults("tasks-lifecycle", Path.of("unused"));
    private final Engine engine = new Engine(options, () -> Registry.of(List.of(contribution())),
            Methods.table(options));
    private final ServerSession session = engine.openSession(client);
    private int ids;

    /** Error data a plugin might throw: its own record. */
    record Retry(int seconds) {
    }

    @AfterEach
    void close() {
        release.countDown();
        session.close();
        engine.close();
    }

    private Contribution contribution() {
        ToolHandler stubborn = (args, ctx) -> {
            ctx.startTask();
            if (!ctx.inTask()) return CallToolResult.text("no task");
            running.incrementAndGet();
            try {
                while (true) {
                    try {
                        if (release.await(20, TimeUnit.SECONDS)) break;
                    } catch (InterruptedException ignored) {
                        // work that does not stop when interrupted (a CPU loop, a library swallowing interrupts)
                    }
                }
            } finally {
                running.decrementAndGet();
            }
            return CallToolResult.text("done");
        };
        ToolHandler waits = (args, ctx) -> {
            ctx.startTask();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return CallToolResult.text("done");
        };
        ToolHandler reports = (args, ctx) -> {
            ctx.startTask();
            return CallToolResult.text("in task: " + ctx.inTask());
        };
        ToolHandler badData = (args, ctx) -> {
            ctx.startTask();
            throw new JsonRpcException(-32603, "backend down", new Retry(5));
        };
        return new Contribution(Owner.BUILT_IN, List.of(tool("stubborn", stubborn), tool("waits", waits),
                tool("reports", reports), tool("bad_data", badData)), List.of(), List.of(), List.of(), List.of(),
                List.of());
    }

    private static ToolEntry tool(String name, ToolHandler handler) {
        return new ToolEntry(new Tool(name, name, null), handler, ArgumentsValidator.ACCEPT_ALL, null, Owner.BUILT_IN,
                TaskSupport.OPTIONAL);
    }

    /** The engine makes its own standard store; a test that needs a small capacity or a short ttl swaps it. */
    private void useStore(TaskStore store) throws Exception {
        var field = engine.stateless().getClass().getDeclaredField("tasks");
        field.setAccessible(true);
        ((TaskMethods) field.get(engine.stateless())).store().close();
        field.set(engine.stateless(), new TaskMethods(store));
    }

    private void send(Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    private Map<String, Object> request(String method, Map<String, Object> params) throws InterruptedException {
        int id = ++ids;
        var all = new LinkedHashMap<>(params);
        all.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities", WITH_TASKS));
        send(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", all));
        Map<String, Object> message;
        do {
            message = client.nextObject();
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    private Map<String, Object> call(String tool) throws InterruptedException {
        var response = request("tools/call", Map.of("name", tool, "arguments", Map.of()));
        return map(response.get("result"));
    }

    private Map<String, Object> getTask(Object id) throws InterruptedException {
        return map(request("tasks/get", Map.of("taskId", id)).get("result"));
    }

    /** Polls {@code tasks/get}, with a deadline, until the task has ended. */
    private Map<String, Object> awaitEnd(Object id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            var task = getTask(id);
            if (List.of("completed", "failed", "cancelled").contains(task.get("status"))) return task;
            if (System.nanoTime() > deadline) throw new AssertionError("task " + id + " stayed " + task);
        }
    }

    @Test
    void cancelledTasksWhoseHandlersStillRunKeepTheirPlacesSoRunningHandlersStayBounded() throws Exception {
        useStore(new TaskStore(2, Duration.ofMinutes(10), Duration.ofMillis(500), Clock.systemUTC()));
        for (int i = 0; i < 2; i++) {
            var created = call("stubborn");
            assertThat(created).containsEntry("resultType", "task");
            request("tasks/cancel", Map.of("taskId", created.get("taskId")));
        }
        // Both tasks are cancelled, but their handlers ignore the interrupt: there is no room for a third task.
        for (int i = 0; i < 4; i++) {
            assertThat(call("stubborn")).containsEntry("resultType", "complete").doesNotContainKey("taskId");
        }
        assertThat(running.get()).isEqualTo(2);

        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Map<String, Object> next;
        do {
            assertThat(System.nanoTime()).as("room again once the handlers ended").isLessThan(deadline);
            next = call("stubborn");
        } while (!"task".equals(next.get("resultType")));
        assertThat(running.get()).isLessThanOrEqualTo(1);
    }

    @Test
    void aTaskPastItsTtlIsCancelledOnTimeWithoutAnyoneUsingTheStore() throws Exception {
        useStore(new TaskStore(10, Duration.ofMillis(300), Duration.ofMillis(100), Clock.systemUTC()));
        var created = call("waits");
        assertThat(created).containsEntry("resultType", "task");
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        var unknown = map(request("tasks/get", Map.of("taskId", created.get("taskId"))).get("error"));
        assertThat(unknown.get("code")).isEqualTo(-32602);
    }

    @Test
    void closingTheEngineCancelsRunningTasksAndStartsNoMore() throws Exception {
        var created = call("waits");
        assertThat(created).containsEntry("resultType", "task");
        engine.close();
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(awaitEnd(created.get("taskId"))).containsEntry("status", "cancelled");
        var after = call("reports");
        assertThat(after).containsEntry("resultType", "complete").doesNotContainKey("taskId");
        assertThat(after.toString()).contains("in task: false");
    }

    @Test
    void aTaskFailedWithAPluginsOwnErrorDataServesThatDataAsPlainJson() throws Exception {
        var created = call("bad_data");
        assertThat(created).containsEntry("resultType", "task");
        var failed = awaitEnd(created.get("taskId"));
        assertThat(failed).containsEntry("status", "failed");
        assertThat(map(failed.get("error"))).containsEntry("message", "backend down")
                .containsEntry("data", Map.of("seconds", 5));
        // The connection still answers afterwards.
        assertThat(call("reports")).containsEntry("resultType", "task");
    }
}
