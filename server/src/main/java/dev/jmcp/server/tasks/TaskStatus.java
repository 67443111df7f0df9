package dev.jmcp.server.tasks;

/** Where a task is in its life; the last three are terminal: "once reached, the task's state does not change". */
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

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
