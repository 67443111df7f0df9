package dev.jmcp.server.tasks;

import dev.jmcp.protocol.CreateTaskResult;
import dev.jmcp.protocol.DetailedTask;
import dev.jmcp.protocol.TaskStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One task: its id and times, its status, and what that status carries — the result when {@code completed}, the
 * JSON-RPC error when {@code failed}, the outstanding input requests when {@code input_required}. The thread running
 * the work moves it forward ({@link #awaitInputs}, {@link #complete}, {@link #fail}); clients read it
 * ({@link #detailed}), answer it ({@link #update}) and cancel it ({@link #cancel}). A terminal status never changes
 * again, so a result that arrives after a cancel is dropped. The status ending and the work ending are two events: a
 * cancelled task's handler may still run for a while, so whoever runs the work calls {@link #workEnded} when it has
 * really stopped, and until then the store counts the task as running. Created by {@link TaskStore}; thread-safe (one
 * monitor).
 */
public final class Task {
    private final String id;
    private final Clock clock;
    private final Instant createdAt;
    private final Duration ttl;
    private final Duration pollInterval;
    private final List<Runnable> onCancel = new CopyOnWriteArrayList<>();
    /** Tells the store the work has ended; called once, without this task's monitor held. */
    private final Consumer<Task> whenWorkEnded;

    private TaskStatus status = TaskStatus.WORKING;
    private Instant lastUpdatedAt;
    private Map<String, Object> result;
    private Map<String, Object> error;
    /** Requests the client has not answered yet, in the wire form ({@code method}, {@code params}). */
    private final Map<String, Object> outstanding = new LinkedHashMap<>();
    /** Every answer the client gave, by key; kept while the task runs, so a key is never asked twice. */
    private final Map<String, Object> answers = new LinkedHashMap<>();
    private boolean workEnded;
    /** The thread that expires this task when its time to live has passed; set once by the store. */
    private volatile Thread expiry;

    Task(String id, Clock clock, Duration ttl, Duration pollInterval, Consumer<Task> whenWorkEnded) {
        this.id = id;
        this.whenWorkEnded = whenWorkEnded;
        this.clock = clock;
        this.createdAt = now();
        this.lastUpdatedAt = createdAt;
        this.ttl = ttl;
        this.pollInterval = pollInterval;
    }

    public String id() {
        return id;
    }

    public synchronized TaskStatus status() {
        return status;
    }

    /** When the store may forget this task: its creation plus its time to live. */
    Instant expiresAt() {
        return createdAt.plus(ttl);
    }

    Instant createdAt() {
        return createdAt;
    }

    /**
     * Called by whoever runs the task's work once it has really stopped (returned, thrown, or given up after a
     * cancel). A task whose work ends without an outcome ends {@code failed}; from now on the store may forget it.
     * Later calls change nothing.
     */
    public void workEnded() {
        synchronized (this) {
            if (workEnded) return;
            workEnded = true;
            if (!status.terminal()) {
                var error = new LinkedHashMap<String, Object>();
                error.put("code", -32603);
                error.put("message", "Internal error: the task's work ended without a result");
                fail(error);
            }
        }
        whenWorkEnded.accept(this);
    }

    /** True until {@link #workEnded}: the task's handler may still be running, whatever its status says. */
    synchronized boolean working() {
        return !workEnded;
    }

    /** The keys of the answers the task still keeps (none once it has ended). */
    synchronized Set<String> answeredKeys() {
        return Set.copyOf(answers.keySet());
    }

    void expiry(Thread thread) {
        expiry = thread;
    }

    /** Stops the expiry thread: the store no longer shows this task, so there is nothing left to expire. */
    void stopExpiry() {
        Thread thread = expiry;
        if (thread != null && thread != Thread.currentThread()) thread.interrupt();
    }

    /** Runs {@code action} when the task is cancelled (at once if it already was): how the work gets interrupted. */
    public void onCancel(Runnable action) {
        onCancel.add(action);
        if (status() == TaskStatus.CANCELLED) action.run();
    }

    /**
     * Asks the client for {@code requests} (key → {@code {method, params}}) and blocks until every one is answered
     * through {@link #update}; the task is {@code input_required} meanwhile. Keys answered earlier in the task's life
     * are not asked again. Returns the answers by key.
     *
     * @throws InterruptedException when the thread is interrupted (the task was cancelled) or the task ended
     * @throws TimeoutException     when {@code timeout} passed first; the task goes back to {@code working}
     */
    public synchronized Map<String, Object> awaitInputs(Map<String, Object> requests, Duration timeout)
            throws InterruptedException, TimeoutException {
        if (status.terminal()) throw new InterruptedException("task " + id + " is " + status.wire());
        requests.forEach((key, request) -> {
            if (!answers.containsKey(key)) outstanding.put(key, request);
        });
        if (!answers.keySet().containsAll(requests.keySet())) move(TaskStatus.INPUT_REQUIRED);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!answers.keySet().containsAll(requests.keySet())) {
            if (status.terminal()) throw new InterruptedException("task " + id + " is " + status.wire());
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                requests.keySet().forEach(outstanding::remove);
                if (outstanding.isEmpty() && status == TaskStatus.INPUT_REQUIRED) move(TaskStatus.WORKING);
                throw new TimeoutException("the client did not answer " + requests.keySet() + " in " + timeout);
            }
            wait(Math.max(1, left / 1_000_000));
        }
        var given = new LinkedHashMap<String, Object>();
        requests.keySet().forEach(key -> given.put(key, answers.get(key)));
        return given;
    }

    /**
     * Takes the client's answers for outstanding requests. "A server SHOULD ignore any inputResponses responses mapped
     * to a key that is not currently outstanding for the task", so other keys (and a terminal task) change nothing.
     */
    public synchronized void update(Map<String, Object> responses) {
        if (status.terminal()) return;
        boolean took = false;
        for (var entry : responses.entrySet()) {
            if (entry.getValue() != null && outstanding.remove(entry.getKey()) != null) {
                answers.put(entry.getKey(), entry.getValue());
                took = true;
            }
        }
        if (!took) return;
        if (outstanding.isEmpty()) move(TaskStatus.WORKING);
        else lastUpdatedAt = now();
        notifyAll();
    }

    /** Ends the task {@code completed} with {@code result}; false (and nothing changes) when it had already ended. */
    public synchronized boolean complete(Map<String, Object> result) {
        if (status.terminal()) return false;
        this.result = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(result));
        end(TaskStatus.COMPLETED);
        return true;
    }

    /** Ends the task {@code failed} with a JSON-RPC {@code error} ({@code code}, {@code message}, maybe {@code data}). */
    public synchronized boolean fail(Map<String, Object> error) {
        if (status.terminal()) return false;
        this.error = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(error));
        end(TaskStatus.FAILED);
        return true;
    }

    /** Ends the task {@code cancelled} and interrupts its work; false when it had already ended (then a no-op). */
    public boolean cancel() {
        synchronized (this) {
            if (status.terminal()) return false;
            end(TaskStatus.CANCELLED);
        }
        onCancel.forEach(Runnable::run);
        return true;
    }

    private void end(TaskStatus terminal) {
        outstanding.clear();
        // The answers served only to not ask twice; an ended task asks nothing more.
        answers.clear();
        move(terminal);
        notifyAll();
    }

    private void move(TaskStatus next) {
        status = next;
        lastUpdatedAt = now();
    }

    /** The {@code CreateTaskResult}: {@code resultType: "task"} and the task's metadata, nothing else. */
    public synchronized CreateTaskResult created() {
        return CreateTaskResult.of(detailed());
    }

    /** The {@code tasks/get} body: the metadata and what the status carries, inlined ("DetailedTask"). */
    public synchronized DetailedTask detailed() {
        return new DetailedTask(id, status, null, createdAt.toString(), lastUpdatedAt.toString(), ttl.toMillis(),
                pollInterval.toMillis(), status == TaskStatus.INPUT_REQUIRED ? new LinkedHashMap<>(outstanding) : null,
                status == TaskStatus.COMPLETED ? result : null, status == TaskStatus.FAILED ? error : null);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
