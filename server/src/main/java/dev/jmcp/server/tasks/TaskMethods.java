package dev.jmcp.server.tasks;

import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.TaskStatus;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Answers the methods of the tasks extension — {@link #get tasks/get}, {@link #update tasks/update}, {@link #cancel
 * tasks/cancel}, one method each, as the method table binds them — from a {@link TaskStore}. Results are complete
 * results ({@code resultType: "complete"}); an unknown task id or malformed params are a -32602
 * {@link JsonRpcException}. Whether the request declared the extension is the caller's check. Thread-safe.
 */
public final class TaskMethods {
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** The extension's identifier, as capabilities name it. */
    public static final String EXTENSION = "io.modelcontextprotocol/tasks";

    /** One of the methods, served from the tasks this instance holds. */
    @FunctionalInterface
    public interface Held {
        Map<String, Object> serve(TaskMethods methods, Map<String, Object> params);
    }

    /**
     * One of the methods, for a task held by an instance that has stopped, from {@code view}, the last
     * {@code tasks/get} body it recorded.
     */
    @FunctionalInterface
    public interface Orphaned {
        Map<String, Object> serve(Map<String, Object> view);
    }

    private final TaskStore store;

    public TaskMethods(TaskStore store) {
        this.store = store;
    }

    public TaskStore store() {
        return store;
    }

    /** {@code tasks/get}: the task as it is now. */
    public Map<String, Object> get(Map<String, Object> params) {
        var result = new LinkedHashMap<String, Object>(CODEC.toTree(task(ClientRequests.TASKS_GET, params).detailed()));
        return complete(result);
    }

    /** {@code tasks/update}: hands the task the answers to its input requests. */
    public Map<String, Object> update(Map<String, Object> params) {
        task(ClientRequests.TASKS_UPDATE, params).update(inputResponses(params));
        return complete(new LinkedHashMap<>());
    }

    /** {@code tasks/cancel}: "The server MUST acknowledge the request with an empty result", also for an ended task. */
    public Map<String, Object> cancel(Map<String, Object> params) {
        Task task = task(ClientRequests.TASKS_CANCEL, params);
        if (task.cancel()) store.record(task);
        return complete(new LinkedHashMap<>());
    }

    /**
     * {@code tasks/get} of a task whose instance stopped: an ended task reads as it ended; one still running when its
     * instance stopped is {@code failed}, for its work is gone.
     */
    public static Map<String, Object> orphanedGet(Map<String, Object> view) {
        var result = new LinkedHashMap<String, Object>(view);
        boolean ended = view.get("status") instanceof String status
                && TaskStatus.fromWire(status).map(TaskStatus::terminal).orElse(false);
        if (!ended) {
            result.remove("inputRequests");
            result.put("status", TaskStatus.FAILED.wire());
            result.put("error", Map.of("code", ErrorCodes.INTERNAL_ERROR, "message", "Internal error: the server "
                    + "instance running this task stopped before the task ended; its work is lost, start it again"));
        }
        return complete(result);
    }

    /**
     * {@code tasks/update} or {@code tasks/cancel} of a task whose instance stopped: nothing changes an ended task, so
     * it is acknowledged and does nothing, as for any ended task.
     */
    public static Map<String, Object> orphanedAcknowledged(Map<String, Object> view) {
        return complete(new LinkedHashMap<>());
    }

    private static Map<String, Object> complete(Map<String, Object> result) {
        result.put("resultType", "complete");
        return result;
    }

    private Task task(String method, Map<String, Object> params) {
        if (params == null || !(params.get("taskId") instanceof String id)) {
            throw JsonRpcException.invalidParams("Invalid params: " + method + " needs 'taskId' (a string)");
        }
        return store.get(id).orElseThrow(() -> JsonRpcException.invalidParams("Invalid params: unknown task '" + id
                + "'; it never existed here or its time to live has passed"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> inputResponses(Map<String, Object> params) {
        if (!(params.get("inputResponses") instanceof Map<?, ?> responses)) {
            throw JsonRpcException.invalidParams("Invalid params: tasks/update needs 'inputResponses' (an object of"
                    + " answers by input request key)");
        }
        return (Map<String, Object>) responses;
    }
}
