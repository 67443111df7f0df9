package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.PluginChanges;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.Tool;

import java.util.List;

/**
 * The list-changed triggers of {@code server-stateless}: {@code test_trigger_tool_change} and
 * {@code test_trigger_prompt_change} each switch one dynamic declaration ({@code test_dynamic_tool},
 * {@code test_dynamic_prompt}) on or off and ask the server to serve the plugin's new declarations
 * ({@link PluginChanges#redeclare()}), which tells listening clients the list changed.
 *
 * <p>Owned by the {@link EverythingPlugin} instance, whose {@code register} the server runs again on a redeclaration:
 * the switches live here so they survive it. Thread-safe: triggers run one at a time; {@link #register} reads the
 * switches as they are. A server that cannot redeclare makes the triggers fail as tool results.
 */
final class ListChangeTriggers {
    static final String DYNAMIC_TOOL = "test_dynamic_tool";
    static final String DYNAMIC_PROMPT = "test_dynamic_prompt";

    private volatile boolean toolOn;
    private volatile boolean promptOn;
    private volatile PluginChanges changes;

    void register(Registrar registrar) {
        try {
            changes = registrar.changes();
        } catch (UnsupportedOperationException e) {
            changes = null;
        }
        registrar
                .tool(new Tool("test_trigger_tool_change", "Adds " + DYNAMIC_TOOL + " if absent, removes it if"
                        + " present; clients are told the tool list changed.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.text(toggleTool()))
                .tool(new Tool("test_trigger_prompt_change", "Adds " + DYNAMIC_PROMPT + " if absent, removes it if"
                        + " present; clients are told the prompt list changed.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.text(togglePrompt()));
        if (toolOn) {
            registrar.tool(new Tool(DYNAMIC_TOOL, "A tool that exists between two calls of test_trigger_tool_change.",
                    Tool.NO_ARGUMENTS), (arguments, context) -> CallToolResult.text("This is the dynamic tool."));
        }
        if (promptOn) {
            registrar.prompt(new Prompt(DYNAMIC_PROMPT, "A prompt that exists between two calls of"
                    + " test_trigger_prompt_change.", null), (arguments, context) -> new GetPromptResult(null,
                    List.of(PromptMessage.user("This is the dynamic prompt."))));
        }
    }

    private synchronized String toggleTool() {
        toolOn = !toolOn;
        try {
            redeclare();
        } catch (RuntimeException e) {
            toolOn = !toolOn;
            throw e;
        }
        return DYNAMIC_TOOL + (toolOn ? " added" : " removed") + "; the tool list changed.";
    }

    private synchronized String togglePrompt() {
        promptOn = !promptOn;
        try {
            redeclare();
        } catch (RuntimeException e) {
            promptOn = !promptOn;
            throw e;
        }
        return DYNAMIC_PROMPT + (promptOn ? " added" : " removed") + "; the prompt list changed.";
    }

    private void redeclare() {
        PluginChanges handle = changes;
        if (handle == null) throw new ToolException("this server cannot change a plugin's declarations while it runs");
        try {
            handle.redeclare();
        } catch (IllegalStateException e) {
            throw new ToolException("the server did not take the change: " + e.getMessage(), e);
        }
    }
}
