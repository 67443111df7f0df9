package dev.jmcp.plugin;

import dev.jmcp.protocol.ReadResourceResult;

import java.util.Map;

/**
 * Reads a resource that matched a URI template; {@code variables} holds the template's variables as matched.
 * Throw {@link ResourceNotFoundException} when the URI names nothing.
 */
@FunctionalInterface
public interface ResourceTemplateHandler {
    ReadResourceResult read(String uri, Map<String, String> variables, RequestContext context) throws Exception;
}
