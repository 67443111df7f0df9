package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.CompletionHandler;
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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A registrar that keeps what a plugin declares, in declaration order, so tests can list and call it. */
final class RecordingRegistrar implements Registrar {
    record ToolDeclaration(Tool tool, ToolHandler handler) {
    }

    record PromptDeclaration(Prompt prompt, PromptHandler handler) {
    }

    record ResourceDeclaration(Resource resource, ResourceHandler handler) {
    }

    record TemplateDeclaration(ResourceTemplate template, ResourceTemplateHandler handler) {
    }

    final Map<String, ToolDeclaration> tools = new LinkedHashMap<>();
    final Map<String, PromptDeclaration> prompts = new LinkedHashMap<>();
    final Map<String, ResourceDeclaration> resources = new LinkedHashMap<>();
    final Map<String, TemplateDeclaration> templates = new LinkedHashMap<>();
    /** Keyed {@code prompt:<name>/<argument>} or {@code template:<uriTemplate>/<variable>}. */
    final Map<String, CompletionHandler> completions = new LinkedHashMap<>();

    @Override
    public PluginConfig config() {
        return key -> Optional.empty();
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler) {
        put(tools, tool.name(), new ToolDeclaration(tool, handler));
        return this;
    }

    @Override
    public Registrar prompt(Prompt prompt, PromptHandler handler) {
        put(prompts, prompt.name(), new PromptDeclaration(prompt, handler));
        return this;
    }

    @Override
    public Registrar resource(Resource resource, ResourceHandler handler) {
        put(resources, resource.uri(), new ResourceDeclaration(resource, handler));
        return this;
    }

    @Override
    public Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {
        put(templates, template.uriTemplate(), new TemplateDeclaration(template, handler));
        return this;
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        put(completions, "prompt:" + promptName + "/" + argumentName, handler);
        return this;
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        put(completions, "template:" + uriTemplate + "/" + variableName, handler);
        return this;
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        throw new UnsupportedOperationException("the everything plugin does not listen to roots");
    }

    @Override
    public Registrar annotated(Object instance) {
        throw new UnsupportedOperationException("the everything plugin declares everything programmatically");
    }

    private static <V> void put(Map<String, V> map, String key, V value) {
        if (map.putIfAbsent(key, value) != null) throw new IllegalStateException("declared twice: " + key);
    }
}
