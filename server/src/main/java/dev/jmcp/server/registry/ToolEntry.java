package dev.jmcp.server.registry;

import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.Tool;

/**
 * A tool in a snapshot: its declaration, its handler, the validators of its arguments and of its structured output
 * (against {@code outputSchema}; accepts all when the tool declares none), its owner, and whether it may run as a
 * task ({@link TaskSupport#NONE} when not given).
 */
public record ToolEntry(Tool tool, ToolHandler handler, ArgumentsValidator validator, ArgumentsValidator outputValidator,
                        Owner owner, TaskSupport taskSupport) {
    public ToolEntry {
        if (tool == null || handler == null || validator == null || owner == null) {
            throw new IllegalArgumentException("a tool entry needs tool, handler, validator and owner");
        }
        if (outputValidator == null) outputValidator = ArgumentsValidator.ACCEPT_ALL;
        if (taskSupport == null) taskSupport = TaskSupport.NONE;
    }

    /** A tool that never runs as a task. */
    public ToolEntry(Tool tool, ToolHandler handler, ArgumentsValidator validator, ArgumentsValidator outputValidator,
                     Owner owner) {
        this(tool, handler, validator, outputValidator, owner, TaskSupport.NONE);
    }

    /** A tool whose structured output is not checked. */
    public ToolEntry(Tool tool, ToolHandler handler, ArgumentsValidator validator, Owner owner) {
        this(tool, handler, validator, null, owner, TaskSupport.NONE);
    }
}
