package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.CompletionHandler;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.PluginChanges;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.plugin.RootsListener;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.RecordingRegistrar;

/**
 * Stands in for the plugin host's side of {@link PluginChanges}: a {@link RecordingRegistrar} whose
 * {@link #changes()} handle runs the plugin's {@code register} again into a fresh recording, which then becomes
 * {@link #current()}, as the host serves a new snapshot. A refusing one throws {@link IllegalStateException} from
 * {@code redeclare()}, as the host does for a refused declaration. Not thread-safe.
 */
final class RedeclaringRegistrar implements Registrar {
    private final Plugin plugin;
    private final boolean refuse;
    /** The registrar of the first registration, which keeps the count and the current recording. */
    private final RedeclaringRegistrar first;
    private final RecordingRegistrar recording = new RecordingRegistrar();
    private RecordingRegistrar current = recording;
    private int redeclarations;

    private RedeclaringRegistrar(Plugin plugin, boolean refuse, RedeclaringRegistrar first) {
        this.plugin = plugin;
        this.refuse = refuse;
        this.first = first == null ? this : first;
    }

    /** {@code plugin} registered once; its redeclarations succeed, or always fail when {@code refuse}. */
    static RedeclaringRegistrar registered(Plugin plugin, boolean refuse) throws Exception {
        var registrar = new RedeclaringRegistrar(plugin, refuse, null);
        plugin.register(registrar);
        return registrar;
    }

    /** What the plugin declares now: the recording of its latest successful registration. */
    RecordingRegistrar current() {
        return first.current;
    }

    /** How many times the plugin asked to redeclare, refused or not. */
    int redeclarations() {
        return first.redeclarations;
    }

    @Override
    public PluginChanges changes() {
        return () -> {
            first.redeclarations++;
            if (refuse) throw new IllegalStateException("refused by the test");
            var next = new RedeclaringRegistrar(plugin, false, first);
            try {
                plugin.register(next);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            first.current = next.recording;
        };
    }

    @Override
    public PluginConfig config() {
        return recording.config();
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler) {
        recording.tool(tool, handler);
        return this;
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler, dev.jmcp.plugin.TaskSupport taskSupport) {
        recording.tool(tool, handler, taskSupport);
        return this;
    }

    @Override
    public Registrar prompt(Prompt prompt, PromptHandler handler) {
        recording.prompt(prompt, handler);
        return this;
    }

    @Override
    public Registrar resource(Resource resource, ResourceHandler handler) {
        recording.resource(resource, handler);
        return this;
    }

    @Override
    public Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {
        recording.resourceTemplate(template, handler);
        return this;
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        recording.promptCompletion(promptName, argumentName, handler);
        return this;
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        recording.resourceCompletion(uriTemplate, variableName, handler);
        return this;
    }

    @Override
    public Registrar skill(dev.jmcp.plugin.Skill skill) {
        recording.skill(skill);
        return this;
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        recording.onRootsChanged(listener);
        return this;
    }

    @Override
    public Registrar annotated(Object instance) {
        recording.annotated(instance);
        return this;
    }
}
