package dev.jmcp.plugin;

import dev.jmcp.protocol.GetPromptResult;

import java.util.Map;

/**
 * Renders a prompt. Required arguments are checked before the call. Throwing {@link IllegalArgumentException}
 * answers -32602 with its message; any other exception answers -32603.
 */
@FunctionalInterface
public interface PromptHandler {
    GetPromptResult get(Map<String, String> arguments, RequestContext context) throws Exception;
}
