package dev.jmcp.protocol;

/**
 * Tasks extension: the answer to a request the server runs as a task ({@code resultType: "task"}), the task's seed
 * state. The client follows it with {@code tasks/get} under {@code taskId}. Times are RFC 3339 strings as the server
 * wrote them; {@code statusMessage} may be null.
 */
public record CreateTaskResult(String resultType, String taskId, TaskStatus status, String statusMessage,
                               String createdAt, String lastUpdatedAt, long ttlMs, long pollIntervalMs) {
    public static final String RESULT_TYPE = "task";

    public CreateTaskResult {
        if (!RESULT_TYPE.equals(resultType)) throw new IllegalArgumentException("resultType is " + RESULT_TYPE);
        DetailedTask.requireMetadata(taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs);
    }

    /** The handle of {@code task}: its metadata, nothing it carries. */
    public static CreateTaskResult of(DetailedTask task) {
        return new CreateTaskResult(RESULT_TYPE, task.taskId(), task.status(), task.statusMessage(), task.createdAt(),
                task.lastUpdatedAt(), task.ttlMs(), task.pollIntervalMs());
    }
}
