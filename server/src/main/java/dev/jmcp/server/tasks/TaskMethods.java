package dev.jmcp.server.tasks;

import dev.jmcp.protocol.TaskStatus;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Answers the methods of the tasks extension — {@code tasks/get}, {@code tasks/update}, {@code tasks/cancel} — from a
 * {@link TaskStore}. Results are complete results ({@code resultType: "complete"}); an unknown task id or malformed
 * params are a -32602 {@link JsonRpcException}. Whether the request declared the extension is the caller's check.
 * Thread-safe.
 */
public final class TaskMethods {
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** The extension's identifier, as capabilities name it. */
    public static final String EXTENSION = "io.modelcontextprotocol/tasks";
    private static final Set<String> METHODS = Set.of("tasks/get", "tasks/update", "tasks/cancel");

    private final TaskStore store;

    public TaskMethods(TaskStore store) {
        this.store = store;
    }

    public TaskStore store() {
        return store;
    }

    /** True for the methods this class answers; {@code tasks/result} and {@code tasks/list} are not among them. */
    public static boolean handles(String method) {
        return METHODS.contains(method);
    }

    /** The result of {@code method} with {@code params}. */
    public Map<String, Object> serve(String method, Map<String, Object> params) {
        Task task = task(method, params);
        var result = new LinkedHashMap<String, Object>();
        switch (method) {
            case "tasks/get" -> result.putAll(CODEC.toTree(task.detailed()));
            case "tasks/update" -> task.update(inputResponses(params));
            // "The server MUST acknowledge the request with an empty result", also for a task that already ended.
            case "tasks/cancel" -> {
                if (task.cancel()) store.record(task);
            }
            default -> throw new IllegalArgumentException("not a tasks method: " + method);
        }
        result.put("resultType", "complete");
        return result;
    }

    /**
     * The result of {@code method} for a task held by an instance that has stopped, from {@code view}, the last
     * {@code tasks/get} body it recorded: an ended task reads as it ended; one still running when its instance stopped
     * is {@code failed}, for its work is gone. Nothing changes an ended task, so an update or a cancel is acknowledged
     * and does nothing, as for any ended task.
     */
    public static Map<String, Object> serveOrphaned(String method, Map<String, Object> view) {
        if (!METHODS.contains(method)) throw new IllegalArgumentException("not a tasks method: " + method);
        var result = new LinkedHashMap<String, Object>();
        if (method.equals("tasks/get")) {
            result.putAll(view);
            boolean ended = view.get("status") instanceof String status
                    && TaskStatus.fromWire(status).map(TaskStatus::terminal).orElse(false);
            if (!ended) {
                result.remove("inputRequests");
                result.put("status", TaskStatus.FAILED.wire());
                result.put("error", Map.of("code", ErrorCodes.INTERNAL_ERROR, "message", "Internal error: the server "
                        + "instance running this task stopped before the task ended; its work is lost, start it again"));
            }
        }
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
