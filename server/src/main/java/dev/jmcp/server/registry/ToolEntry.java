package dev.jmcp.server.registry;

import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.Tool;

/** A tool in a snapshot: its declaration, its handler, the validator of its arguments, and its owner. */
public record ToolEntry(Tool tool, ToolHandler handler, ArgumentsValidator validator, Owner owner) {
    public ToolEntry {
        if (tool == null || handler == null || validator == null || owner == null) {
            throw new IllegalArgumentException("a tool entry needs tool, handler, validator and owner");
        }
    }
}
