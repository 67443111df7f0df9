package dev.jmcp.server.session;

import dev.jmcp.protocol.json.JsonCodec;
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
import java.util.concurrent.CountDownLatch;

/**
 * A {@code tools/call} that may become a task: its handler runs on a worker thread while the request's thread waits
 * for the first thing the call decides. If the handler calls {@code startTask} first, the request is answered with
 * the task's {@code CreateTaskResult} and the rest of the handler's life goes into the task (its result makes the
 * task {@code completed}, a JSON-RPC error makes it {@code failed}); if it returns, fails or needs inputs (an
 * {@code input_required} result) first, that is the request's answer, as for any call. Thread-safe.
 */
final class TaskRun {
    private static final Logger log = LoggerFactory.getLogger(TaskRun.class);

    private final TaskStore store;
    private final RequestId requestId;
    private final InFlight worker = new InFlight();
    private final CountDownLatch decided = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private JsonRpcMessage answer;
    private volatile Task task;

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
            if (task != null || answer != null) return;
            var created = store.create();
            if (created.isEmpty()) {
                // The server decides per request whether to make a task; with no room left it simply does not.
                log.warn("task store full: tools/call {} runs without a task", requestId);
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
            ended.countDown();
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
                if (failure.error().data() != null) error.put("data", failure.error().data());
                task.fail(error);
            }
            default -> throw new IllegalStateException("a call ends with a response, not " + message);
        }
    }

    /**
     * On the request's thread, after it was cancelled before the call became a task: cancels the call and waits until
     * its handler has really ended, so the request holds its slot as long as its thread runs.
     */
    void cancelAndAwaitEnd() {
        worker.cancel();
        boolean interrupted = false;
        while (true) {
            try {
                ended.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
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
