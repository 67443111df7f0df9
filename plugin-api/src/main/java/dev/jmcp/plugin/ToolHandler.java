package dev.jmcp.plugin;

import dev.jmcp.protocol.CallToolResult;

import java.util.Map;

/**
 * Runs a tool. Called on its own virtual thread, after {@code arguments} were validated against the tool's input
 * schema. Throwing ({@link ToolException} or anything else) makes a result with {@code isError: true} carrying the
 * exception's message; cancellation interrupts the thread.
 */
@FunctionalInterface
public interface ToolHandler {
    CallToolResult call(Map<String, Object> arguments, RequestContext context) throws Exception;
}
