/**
 * The {@code io.modelcontextprotocol/tasks} extension (SEP-2663) on the stateless revision: {@link
 * dev.jmcp.server.tasks.Task}, the state machine of one task ({@code working}, {@code input_required}, then one of the
 * terminal {@code completed}, {@code failed}, {@code cancelled}); {@link dev.jmcp.server.tasks.TaskStore}, the bounded
 * set of live tasks with their time to live; and {@link dev.jmcp.server.tasks.TaskMethods}, which answers
 * {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}. Running a tool as a task is the session package's
 * job; this package knows nothing of tools, transports or the JSON-RPC envelope beyond the errors it throws. What a
 * task looks like on the wire ({@code CreateTaskResult}, {@code DetailedTask}, the statuses) is in {@code protocol}.
 * Depends on {@code protocol} only.
 */
package dev.jmcp.server.tasks;
