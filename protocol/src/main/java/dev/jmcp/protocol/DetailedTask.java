package dev.jmcp.protocol;

import java.util.Map;

/**
 * Tasks extension: a task as {@code tasks/get} shows it, with what its status carries inlined: the outstanding
 * {@code inputRequests} when {@code input_required} (key → {@code {method, params}}), the {@code result} of the original
 * request when {@code completed}, the JSON-RPC {@code error} when {@code failed}, and nothing else. The constructor
 * refuses a combination the extension does not define. Times are RFC 3339 strings; {@code statusMessage} may be null.
 */
public record DetailedTask(String taskId, TaskStatus status, String statusMessage, String createdAt,
                           String lastUpdatedAt, long ttlMs, long pollIntervalMs, Map<String, Object> inputRequests,
                           Map<String, Object> result, Map<String, Object> error) {
    public DetailedTask {
        requireMetadata(taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs);
        carries("inputRequests", inputRequests, status == TaskStatus.INPUT_REQUIRED, status);
        carries("result", result, status == TaskStatus.COMPLETED, status);
        carries("error", error, status == TaskStatus.FAILED, status);
    }

    static void requireMetadata(String taskId, TaskStatus status, String createdAt, String lastUpdatedAt, long ttlMs,
                                long pollIntervalMs) {
        if (taskId == null || taskId.isEmpty()) throw new IllegalArgumentException("a task needs its taskId");
        if (status == null) throw new IllegalArgumentException("task " + taskId + " needs its status");
        if (createdAt == null || lastUpdatedAt == null) {
            throw new IllegalArgumentException("task " + taskId + " needs createdAt and lastUpdatedAt");
        }
        if (ttlMs < 0 || pollIntervalMs < 0) {
            throw new IllegalArgumentException("task " + taskId + ": ttlMs and pollIntervalMs cannot be negative");
        }
    }

    private static void carries(String field, Map<String, Object> value, boolean required, TaskStatus status) {
        if (required && value == null) throw new IllegalArgumentException("a " + status + " task carries " + field);
        if (!required && value != null) throw new IllegalArgumentException("a " + status + " task has no " + field);
    }
}
