package dev.jmcp.plugin;

import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;

/**
 * Where a plugin declares what it offers, during {@link Plugin#register}. Names are global across plugins: a name
 * another plugin already owns makes the whole plugin fail to load, so no client ever sees half a plugin. Not
 * thread-safe; valid only during {@code register}.
 */
public interface Registrar {

    /** The plugin's configuration: environment variables and the optional {@code <plugin>.properties}. */
    PluginConfig config();

    Registrar tool(Tool tool, ToolHandler handler);

    /**
     * Declares a tool that may run as a task (see {@link TaskSupport}); {@link TaskSupport#NONE} is the same as
     * {@link #tool(Tool, ToolHandler)}. A server that has no tasks refuses any other value.
     */
    default Registrar tool(Tool tool, ToolHandler handler, TaskSupport taskSupport) {
        if (taskSupport == null || taskSupport == TaskSupport.NONE) return tool(tool, handler);
        throw new UnsupportedOperationException("this server cannot run tools as tasks");
    }

    Registrar prompt(Prompt prompt, PromptHandler handler);

    Registrar resource(Resource resource, ResourceHandler handler);

    Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler);

    /** Completion of one argument of one of this plugin's prompts. */
    Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler);

    /** Completion of one variable of one of this plugin's resource templates. */
    Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler);

    /**
     * Declares a skill (extension {@code io.modelcontextprotocol/skills}): its {@code SKILL.md} and other files become
     * resources under {@code skill://jmcp/<name>/}, and 2026-07-28 clients find it with {@code skills/list}. A server
     * without the extension refuses it.
     */
    default Registrar skill(Skill skill) {
        throw new UnsupportedOperationException("this server cannot serve skills");
    }

    /** Called when the client says its roots changed ({@code notifications/roots/list_changed}). */
    Registrar onRootsChanged(RootsListener listener);

    /**
     * The handle to change this plugin's declarations later ({@link PluginChanges#redeclare()}); a plugin that keeps it
     * may call it from any thread once {@code register} has returned.
     */
    default PluginChanges changes() {
        throw new UnsupportedOperationException("this server cannot change a plugin's declarations while it runs");
    }

    /**
     * Declares every method of {@code instance} annotated with {@link McpTool}, {@link McpPrompt}, {@link McpResource}
     * or {@link McpResourceTemplate}; schemas are generated from the methods' Java types.
     */
    Registrar annotated(Object instance);
}
