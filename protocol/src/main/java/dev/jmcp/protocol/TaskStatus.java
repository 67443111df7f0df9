package dev.jmcp.protocol;

import java.util.Optional;

/**
 * Where a task of the tasks extension ({@code io.modelcontextprotocol/tasks}) is in its life; the last three are
 * terminal: "once reached, the task's state does not change". Written as the wire spells it.
 */
public enum TaskStatus {
    WORKING("working"),
    INPUT_REQUIRED("input_required"),
    COMPLETED("completed"),
    FAILED("failed"),
    CANCELLED("cancelled");

    private final String wire;

    TaskStatus(String wire) {
        this.wire = wire;
    }

    /** The status as the wire spells it. */
    public String wire() {
        return wire;
    }

    @Override
    public String toString() {
        return wire;
    }

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }

    /** The status {@code wire} names, if any. */
    public static Optional<TaskStatus> fromWire(String wire) {
        for (TaskStatus status : values()) {
            if (status.wire.equals(wire)) return Optional.of(status);
        }
        return Optional.empty();
    }
}
