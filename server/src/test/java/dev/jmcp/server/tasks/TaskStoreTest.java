package dev.jmcp.server.tasks;

import dev.jmcp.protocol.TaskStatus;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class TaskStoreTest {
    private final MovableClock clock = new MovableClock();
    private final TaskStore store = new TaskStore(3, Duration.ofSeconds(60), Duration.ofMillis(250), clock);

    /** A clock a test moves by hand. */
    private static final class MovableClock extends Clock {
        private volatile Instant now = Instant.parse("2026-07-28T12:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private static Map<String, Object> ask(String message) {
        return Map.of("method", "elicitation/create", "params", Map.of("message", message));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    /** Waits, with a deadline, until {@code task} is {@code status}. */
    private static void awaitStatus(Task task, TaskStatus status) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (task.status() != status) {
            if (System.nanoTime() > deadline) throw new AssertionError("task never became " + status);
            Thread.onSpinWait();
        }
    }

    @Test
    void aNewTaskIsWorkingRetrievableAtOnceAndHasAnUnguessableId() {
        var ids = new HashSet<String>();
        for (int i = 0; i < 3; i++) {
            Task task = store.create().orElseThrow();
            assertThat(store.get(task.id())).containsSame(task);
            assertThat(task.status()).isEqualTo(TaskStatus.WORKING);
            assertThat(task.id()).hasSizeGreaterThanOrEqualTo(22);
            ids.add(task.id());
        }
        assertThat(ids).hasSize(3);
    }

    @Test
    void theCreateResultCarriesOnlyTheTaskMetadata() {
        var created = dev.jmcp.protocol.json.JsonCodec.shared().toTree(store.create().orElseThrow().created());
        assertThat(created).containsOnlyKeys("resultType", "taskId", "status", "createdAt", "lastUpdatedAt", "ttlMs",
                "pollIntervalMs").containsEntry("resultType", "task").containsEntry("status", "working")
                .containsEntry("createdAt", "2026-07-28T12:00:00Z").containsEntry("ttlMs", 60_000L)
                .containsEntry("pollIntervalMs", 250L);
    }

    @Test
    void aTaskIsForgottenAndItsWorkCancelledWhenItsTimeToLiveHasPassed() {
        Task task = store.create().orElseThrow();
        var cancelled = new CountDownLatch(1);
        task.onCancel(cancelled::countDown);
        clock.advance(Duration.ofSeconds(59));
        assertThat(store.get(task.id())).isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(store.get(task.id())).isEmpty();
        assertThat(cancelled.getCount()).isZero();
        assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void aFullStoreForgetsItsOldestFinishedTaskAndRefusesWhenEveryTaskStillRuns() {
        Task first = store.create().orElseThrow();
        clock.advance(Duration.ofSeconds(1));
        Task second = store.create().orElseThrow();
        store.create().orElseThrow();
        assertThat(store.create()).isEmpty();
        second.complete(Map.of("content", java.util.List.of()));
        second.workEnded();
        first.complete(Map.of("content", java.util.List.of()));
        first.workEnded();
        assertThat(store.create()).isPresent();
        assertThat(store.get(first.id())).isEmpty();
        assertThat(store.get(second.id())).isPresent();
        assertThat(store.size()).isEqualTo(3);
    }

    @Test
    void aTerminalStatusNeverChangesAgain() {
        Task cancelled = store.create().orElseThrow();
        assertThat(cancelled.cancel()).isTrue();
        assertThat(cancelled.complete(Map.of("late", true))).isFalse();
        assertThat(cancelled.cancel()).isFalse();
        assertThat(detailed(cancelled)).containsEntry("status", "cancelled").doesNotContainKeys("result", "error");

        Task failed = store.create().orElseThrow();
        assertThat(failed.fail(Map.of("code", -32603, "message", "broke"))).isTrue();
        assertThat(failed.complete(Map.of("late", true))).isFalse();
        assertThat(detailed(failed)).containsEntry("status", "failed").containsKey("error")
                .doesNotContainKey("result");
    }

    @Test
    void inputsAnsweredOneAtATimeKeepTheTaskInputRequiredUntilAllAreIn() throws Exception {
        Task task = store.create().orElseThrow();
        var answers = new ArrayBlockingQueue<Map<String, Object>>(1);
        Thread.ofVirtual().start(() -> {
            try {
                answers.add(task.awaitInputs(Map.of("a", ask("A?"), "b", ask("B?")), Duration.ofSeconds(5)));
            } catch (InterruptedException | TimeoutException e) {
                answers.add(Map.of("failed", e.toString()));
            }
        });
        awaitStatus(task, TaskStatus.INPUT_REQUIRED);
        assertThat(map(detailed(task).get("inputRequests"))).containsOnlyKeys("a", "b");

        task.update(Map.of("a", Map.of("action", "accept"), "unknown", Map.of("ignored", true)));
        assertThat(task.status()).isEqualTo(TaskStatus.INPUT_REQUIRED);
        assertThat(map(detailed(task).get("inputRequests"))).containsOnlyKeys("b");

        task.update(Map.of("b", Map.of("action", "decline")));
        assertThat(answers.poll(5, TimeUnit.SECONDS)).containsOnlyKeys("a", "b");
        assertThat(task.status()).isEqualTo(TaskStatus.WORKING);
        assertThat(detailed(task)).doesNotContainKey("inputRequests");
    }

    @Test
    void cancellingATaskWakesTheThreadWaitingForInputs() throws Exception {
        Task task = store.create().orElseThrow();
        var outcome = new ArrayBlockingQueue<String>(1);
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                task.awaitInputs(Map.of("a", ask("A?")), Duration.ofSeconds(30));
                outcome.add("answered");
            } catch (InterruptedException e) {
                outcome.add("interrupted");
            } catch (TimeoutException e) {
                outcome.add("timed out");
            }
        });
        task.onCancel(waiter::interrupt);
        awaitStatus(task, TaskStatus.INPUT_REQUIRED);
        task.cancel();
        assertThat(outcome.poll(5, TimeUnit.SECONDS)).isEqualTo("interrupted");
        assertThat(detailed(task)).containsEntry("status", "cancelled").doesNotContainKey("inputRequests");
    }

    @Test
    void unansweredInputsTimeOutAndTheTaskGoesBackToWorking() {
        Task task = store.create().orElseThrow();
        assertThatThrownBy(() -> task.awaitInputs(Map.of("a", ask("A?")), Duration.ofMillis(50)))
                .isInstanceOf(TimeoutException.class);
        assertThat(task.status()).isEqualTo(TaskStatus.WORKING);
    }

    @Test
    void theMethodsAnswerWithCompleteResultsAndRefuseUnknownTasks() {
        var methods = new TaskMethods(store);
        Task task = store.create().orElseThrow();
        assertThat(methods.get(Map.of("taskId", task.id()))).containsEntry("resultType", "complete")
                .containsEntry("taskId", task.id()).containsEntry("status", "working");
        assertThat(methods.update(Map.of("taskId", task.id(), "inputResponses", Map.of())))
                .containsOnlyKeys("resultType");
        assertThat(methods.cancel(Map.of("taskId", task.id()))).containsOnlyKeys("resultType");
        assertThat(methods.cancel(Map.of("taskId", task.id()))).containsOnlyKeys("resultType");
        assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
        assertThatThrownBy(() -> methods.get(Map.of("taskId", "nope")))
                .isInstanceOfSatisfying(JsonRpcException.class, e -> assertThat(e.code()).isEqualTo(-32602));
        assertThatThrownBy(() -> methods.update(Map.of("taskId", task.id())))
                .isInstanceOfSatisfying(JsonRpcException.class, e -> assertThat(e.code()).isEqualTo(-32602));
    }

    @Test
    void aCancelledTaskKeepsItsPlaceUntilItsWorkHasEnded() {
        var tasks = new java.util.ArrayList<Task>();
        for (int i = 0; i < 3; i++) {
            Task task = store.create().orElseThrow();
            assertThat(task.cancel()).isTrue();
            tasks.add(task);
        }
        // Every task is cancelled, but every handler still runs: no room for a fourth.
        assertThat(store.create()).isEmpty();
        assertThat(store.size()).isEqualTo(3);
        tasks.get(1).workEnded();
        Task fourth = store.create().orElseThrow();
        assertThat(store.get(tasks.get(1).id())).isEmpty();
        assertThat(store.get(fourth.id())).containsSame(fourth);
        assertThat(store.create()).isEmpty();
    }

    @Test
    void anExpiredTaskWhoseWorkStillRunsKeepsItsPlaceButIsNoLongerShown() {
        Task task = store.create().orElseThrow();
        store.create().orElseThrow();
        store.create().orElseThrow();
        clock.advance(Duration.ofSeconds(60));
        // Expired by the clock: forgotten and cancelled, yet its handler has not ended.
        assertThat(store.get(task.id())).isEmpty();
        assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(store.size()).isEqualTo(3);
        task.workEnded();
        assertThat(store.size()).isEqualTo(2);
    }

    @Test
    void workThatEndsWithoutAnOutcomeFailsItsTask() {
        Task task = store.create().orElseThrow();
        task.workEnded();
        assertThat(detailed(task)).containsEntry("status", "failed").containsKey("error");
    }

    @Test
    void aTaskExpiresOnTimeWithoutAnyoneUsingTheStore() throws Exception {
        var shortLived = new TaskStore(3, Duration.ofMillis(200), Duration.ofMillis(50), Clock.systemUTC());
        try {
            Task task = shortLived.create().orElseThrow();
            var cancelled = new CountDownLatch(1);
            task.onCancel(cancelled::countDown);
            assertThat(cancelled.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(task.status()).isEqualTo(TaskStatus.CANCELLED);
            task.workEnded();
            assertThat(shortLived.size()).isZero();
        } finally {
            shortLived.close();
        }
    }

    @Test
    void closingTheStoreCancelsEveryTaskAndRefusesNewOnes() {
        Task running = store.create().orElseThrow();
        Task done = store.create().orElseThrow();
        done.complete(Map.of("content", java.util.List.of()));
        var cancelled = new CountDownLatch(1);
        running.onCancel(cancelled::countDown);
        store.close();
        assertThat(cancelled.getCount()).isZero();
        assertThat(running.status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(done.status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(store.create()).isEmpty();
    }

    @Test
    void anEndedTaskKeepsNoneOfTheClientsAnswers() throws Exception {
        Task task = store.create().orElseThrow();
        var answered = new ArrayBlockingQueue<Map<String, Object>>(1);
        Thread.ofVirtual().start(() -> {
            try {
                answered.add(task.awaitInputs(Map.of("a", ask("A?")), Duration.ofSeconds(5)));
            } catch (InterruptedException | TimeoutException e) {
                answered.add(Map.of("failed", e.toString()));
            }
        });
        awaitStatus(task, TaskStatus.INPUT_REQUIRED);
        task.update(Map.of("a", Map.of("action", "accept")));
        assertThat(answered.poll(5, TimeUnit.SECONDS)).containsOnlyKeys("a");
        assertThat(task.answeredKeys()).containsExactly("a");
        task.complete(Map.of("content", java.util.List.of()));
        assertThat(task.answeredKeys()).isEmpty();
    }

    @Test
    void aTaskIsRecordedWhenCreatedAndWhenItEndsOrIsCancelledWithItsExpiry() {
        record Recorded(String id, String status, Instant expiresAt) {
        }
        var recorded = new java.util.concurrent.LinkedBlockingQueue<Recorded>();
        store.recordWith((id, view, expiresAt) -> recorded.add(new Recorded(id, (String) view.get("status"), expiresAt)));
        var methods = new TaskMethods(store);
        Task done = store.create().orElseThrow();
        Instant expiry = Instant.parse("2026-07-28T12:01:00Z");
        assertThat(recorded.poll()).isEqualTo(new Recorded(done.id(), "working", expiry));
        done.complete(Map.of("content", java.util.List.of()));
        assertThat(recorded).as("an ended status is recorded once the work has ended").isEmpty();
        done.workEnded();
        assertThat(recorded.poll()).isEqualTo(new Recorded(done.id(), "completed", expiry));

        Task cancelled = store.create().orElseThrow();
        recorded.clear();
        methods.cancel(Map.of("taskId", cancelled.id()));
        assertThat(recorded.poll()).isEqualTo(new Recorded(cancelled.id(), "cancelled", expiry));
        methods.cancel(Map.of("taskId", cancelled.id()));
        assertThat(recorded).as("a second cancel changes nothing, so records nothing").isEmpty();
    }

    @Test
    void aTaskWhoseInstanceStoppedReadsAsItEndedOrAsFailedWhileItWorked() throws InterruptedException {
        Task working = store.create().orElseThrow();
        Thread asker = Thread.ofVirtual().start(() -> {
            try {
                working.awaitInputs(Map.of("name", ask("Name?")), Duration.ofSeconds(30));
            } catch (InterruptedException | TimeoutException ended) {
                // cancelled below
            }
        });
        awaitStatus(working, TaskStatus.INPUT_REQUIRED);
        var asking = detailed(working);
        assertThat(asking).containsKey("inputRequests");
        var failed = TaskMethods.orphanedGet(asking);
        assertThat(failed).containsEntry("status", "failed").containsEntry("resultType", "complete")
                .containsEntry("taskId", working.id()).doesNotContainKey("inputRequests");
        assertThat(map(failed.get("error"))).containsEntry("code", -32603);
        assertThat((String) map(failed.get("error")).get("message")).contains("stopped before the task ended");

        Task done = store.create().orElseThrow();
        done.complete(Map.of("content", java.util.List.of(Map.of("type", "text", "text", "42"))));
        var completed = TaskMethods.orphanedGet(detailed(done));
        assertThat(completed).containsEntry("status", "completed").containsKey("result").doesNotContainKey("error");

        assertThat(TaskMethods.orphanedAcknowledged(asking)).as("a cancel or an update changes nothing")
                .isEqualTo(Map.of("resultType", "complete"));
        working.cancel();
        assertThat(asker.join(Duration.ofSeconds(5))).isTrue();
    }

    /** The task as {@code tasks/get} writes it. */
    private static java.util.Map<String, Object> detailed(Task task) {
        return dev.jmcp.protocol.json.JsonCodec.shared().toTree(task.detailed());
    }
}
