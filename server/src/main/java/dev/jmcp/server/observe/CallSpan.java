package dev.jmcp.server.observe;

/** One observed request, ended exactly once with how it ended. */
@FunctionalInterface
public interface CallSpan {
    CallSpan NONE = outcome -> { };

    void end(CallOutcome outcome);
}
