package dev.jmcp.plugin;

/**
 * Whether a tool may run as a task of the {@code io.modelcontextprotocol/tasks} extension (2026-07-28): the client
 * then gets a task handle at once and polls it ({@code tasks/get}) while the tool's handler goes on in the background.
 * The handler stays an ordinary blocking {@link ToolHandler}; it marks where the background part begins with
 * {@link RequestContext#startTask()}.
 */
public enum TaskSupport {
    /** Always answered synchronously: the tool never becomes a task. */
    NONE,
    /** Runs as a task when the request declares the tasks extension, synchronously otherwise. */
    OPTIONAL,
    /**
     * Runs only as a task: a request that does not declare the tasks extension is refused with -32021 before the
     * handler runs.
     */
    REQUIRED
}
