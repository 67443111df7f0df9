package dev.jmcp.server.stateless;

import dev.jmcp.server.session.InFlight;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.json.JsonTrees;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.tasks.Task;
import dev.jmcp.server.tasks.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/**
 * A {@code tools/call} that may become a task: its handler runs on a worker thread while the request's thread waits
 * for the first thing the call decides. If the handler calls {@code startTask} first, the request is answered with
 * the task's {@code CreateTaskResult} and the rest of the handler's life goes into the task (its result makes the
 * task {@code completed}, a JSON-RPC error makes it {@code failed}); if it returns, fails or needs inputs (an
 * {@code input_required} result) first, that is the request's answer, as for any call. When the handler has really
 * ended the task is told so ({@link Task#workEnded}), and only then does it stop counting as running. A request
 * cancelled before it got its answer {@link #abandon}s the run: a task it already started is cancelled, never left
 * running with an id no client knows. Thread-safe.
 */
final class TaskRun {
    private static final Logger log = LoggerFactory.getLogger(TaskRun.class);

    private final TaskStore store;
    private final RequestId requestId;
    private final InFlight worker = new InFlight();
    private final CountDownLatch decided = new CountDownLatch(1);
    /** Completes when the call's handler has ended. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private JsonRpcMessage answer;
    private volatile Task task;
    /** The request was cancelled: no task may start any more. Guarded by this. */
    private boolean abandoned;

    TaskRun(TaskStore store, RequestId requestId) {
        this.store = store;
        this.requestId = requestId;
    }

    /** The worker's cancellation: the request's before the task exists, the task's after. */
    InFlight worker() {
        return worker;
    }

    /** On the worker: the handler reached {@code startTask}. Creates the task and answers the request with it. */
    void start() {
        synchronized (this) {
            if (task != null || answer != null || abandoned) return;
            var created = store.create();
            if (created.isEmpty()) {
                // The server decides per request whether to make a task; with no room left (or while shutting down)
                // it simply does not.
                log.warn("no room for a task (store full or closed): tools/call {} runs without a task", requestId);
                return;
            }
            task = created.get();
            task.onCancel(worker::cancel);
            answer = new JsonRpcResponse(requestId, task.created());
        }
        decided.countDown();
    }

    boolean started() {
        return task != null;
    }

    /** The task; only after {@link #started()}. */
    Task task() {
        return task;
    }

    /** On the worker: the call ended with {@code message}; the request's answer, or the task's outcome. */
    void finish(JsonRpcMessage message) {
        try {
            settle(message);
        } finally {
            ended.complete(null);
            Task started = task;
            if (started != null) started.workEnded();
        }
    }

    private void settle(JsonRpcMessage message) {
        synchronized (this) {
            if (task == null) {
                answer = message;
                decided.countDown();
                return;
            }
        }
        switch (message) {
            case JsonRpcResponse response -> task.complete(resultTree(response.result()));
            case JsonRpcErrorResponse failure -> {
                var error = new LinkedHashMap<String, Object>();
                error.put("code", failure.error().code());
                error.put("message", failure.error().message());
                Object data = plainData(failure.error().data());
                if (data != null) error.put("data", data);
                task.fail(error);
            }
            default -> throw new IllegalStateException("a call ends with a response, not " + message);
        }
    }

    /**
     * The plugin's error data as a plain JSON tree, so the store keeps nothing of the plugin's classes and every
     * {@code tasks/get} can write it; null (left out) when it has no JSON form.
     */
    private Object plainData(Object data) {
        if (data == null) return null;
        try {
            return JsonTrees.plain(data);
        } catch (RuntimeException e) {
            log.warn("tools/call {}: the task's error data ({}) has no JSON form and is left out: {}", requestId,
                    data.getClass().getName(), e.getMessage());
            return null;
        }
    }

    /**
     * On the request's thread, after the request was cancelled before it got its answer. If the call already became
     * a task, the task is cancelled (it ends {@code cancelled} and its handler is interrupted) and this returns at
     * once: the task holds its place in the store until its handler ends, so nothing needs this thread to wait. If
     * not, no task will start any more, and this cancels the call and waits until its handler has really ended, so
     * the request holds its slot as long as its thread runs.
     */
    void abandon() {
        Task started;
        synchronized (this) {
            abandoned = true;
            started = task;
        }
        if (started != null) {
            started.cancel();
            return;
        }
        cancelAndAwaitEnd();
    }

    private void cancelAndAwaitEnd() {
        worker.cancel();
        ended.join(); // waits on through an interruption, and keeps the thread's interrupt status
    }

    /** On the request's thread: blocks until the call decided, and returns the request's answer. */
    JsonRpcMessage awaitAnswer() throws InterruptedException {
        decided.await();
        synchronized (this) {
            return answer;
        }
    }

    private static Map<String, Object> resultTree(Object result) {
        return JsonCodec.shared().toTree(result);
    }
}
