package dev.jmcp.plugin;

import dev.jmcp.protocol.ReadResourceResult;

/** Reads one fixed resource. Any exception answers -32603 with its message. */
@FunctionalInterface
public interface ResourceHandler {
    ReadResourceResult read(String uri, RequestContext context) throws Exception;
}
