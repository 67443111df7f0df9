package dev.jmcp.server.stateless;

import dev.jmcp.server.session.InFlight;

import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.tasks.Task;
import dev.jmcp.protocol.TaskStatus;
import dev.jmcp.server.tasks.TaskStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A tools/call that may become a task, driven from both of its threads by hand. */
@Timeout(10)
class TaskRunTest {
    private static final RequestId ID = RequestId.of(7);

    private final TaskStore store = new TaskStore(4, Duration.ofMinutes(10), Duration.ofMillis(100), Clock.systemUTC());
    private final TaskRun run = new TaskRun(store, ID);
    private final CountDownLatch release = new CountDownLatch(1);

    /** Error data a plugin might throw: its own record. */
    record Retry(int seconds) {
    }

    @AfterEach
    void closeStore() {
        release.countDown();
        store.close();
    }

    @Test
    void aRequestCancelledRightAfterStartTaskCancelsTheTaskAndDoesNotWaitForItsHandler() throws Exception {
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        var handlerDone = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            run.worker().start(Thread.currentThread());
            run.start();
            started.countDown();
            // A handler that ignores interrupts until it is released.
            while (true) {
                try {
                    if (release.await(20, TimeUnit.SECONDS)) break;
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
            }
            run.finish(new JsonRpcResponse(ID, Map.of("content", java.util.List.of())));
            handlerDone.countDown();
        });
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        // The request's thread is interrupted (the client cancelled) just as the task was made: the wait throws
        // although the answer is already decided.
        Thread.currentThread().interrupt();
        assertThatThrownBy(run::awaitAnswer).isInstanceOf(InterruptedException.class);
        Task task = run.task();

        run.abandon(); // returns although the handler still runs

        assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(handlerDone.getCount()).isOne();
        assertThat(store.size()).isOne();
        release.countDown();
        assertThat(handlerDone.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
    }

    @Test
    void aRequestCancelledBeforeStartTaskWaitsForItsHandlerAndNoTaskStartsAfterwards() throws Exception {
        var worker = Thread.ofVirtual().unstarted(() -> {
            run.worker().start(Thread.currentThread());
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                // cancelled: the handler goes on to call startTask anyway
            }
            run.start();
            run.finish(new JsonRpcResponse(ID, Map.of("content", java.util.List.of())));
        });
        worker.start();

        run.abandon(); // cancels the call and returns only once the handler has ended

        assertThat(worker.join(Duration.ofSeconds(5))).isTrue();
        assertThat(run.started()).isFalse();
        assertThat(store.size()).isZero();
    }

    @Test
    void aFailedTasksErrorDataIsKeptAsAPlainTree() {
        run.start();
        run.finish(new JsonRpcErrorResponse(ID, new JsonRpcError(-32603, "backend down", new Retry(5))));
        var detailed = detailed(run.task());
        assertThat(detailed).containsEntry("status", "failed");
        @SuppressWarnings("unchecked")
        var error = (Map<String, Object>) detailed.get("error");
        assertThat(error).containsEntry("code", -32603).containsEntry("data", Map.of("seconds", 5));
    }

    @Test
    void errorDataWithNoJsonFormIsLeftOutAndTheTaskStillFails() {
        run.start();
        run.finish(new JsonRpcErrorResponse(ID, new JsonRpcError(-32603, "backend down",
                Map.of("retryAt", Instant.EPOCH))));
        var detailed = detailed(run.task());
        assertThat(detailed).containsEntry("status", "failed");
        @SuppressWarnings("unchecked")
        var error = (Map<String, Object>) detailed.get("error");
        assertThat(error).containsEntry("message", "backend down").doesNotContainKey("data");
    }

    /** The task as {@code tasks/get} writes it. */
    private static java.util.Map<String, Object> detailed(Task task) {
        return dev.jmcp.protocol.json.JsonCodec.shared().toTree(task.detailed());
    }
}
