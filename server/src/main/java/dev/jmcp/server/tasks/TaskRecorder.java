package dev.jmcp.server.tasks;

import java.time.Instant;
import java.util.Map;

/**
 * Where a {@link TaskStore} keeps a copy of each task's {@code tasks/get} view outside this process, so that the task
 * stays readable when the process stops (a store shared by several instances). Called when a task is created and when
 * its status ends, never under a lock; implementations must not throw.
 */
@FunctionalInterface
public interface TaskRecorder {
    /** Nothing kept: one instance alone. */
    TaskRecorder NONE = (id, view, expiresAt) -> { };

    /** Keeps {@code view}, the task's {@code tasks/get} body, for task {@code id} until {@code expiresAt}. */
    void record(String id, Map<String, Object> view, Instant expiresAt);
}
