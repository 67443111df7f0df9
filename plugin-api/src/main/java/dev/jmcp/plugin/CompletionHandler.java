package dev.jmcp.plugin;

import dev.jmcp.protocol.Completion;

import java.util.Map;

/**
 * Suggests values for an argument. {@code value} is what the user typed so far; {@code resolved} holds the other
 * arguments already filled in (2025-06-18 {@code context.arguments}), empty when the client sent none.
 */
@FunctionalInterface
public interface CompletionHandler {
    Completion complete(String value, Map<String, String> resolved, RequestContext context) throws Exception;
}
