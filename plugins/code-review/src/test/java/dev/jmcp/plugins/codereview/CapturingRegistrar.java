package dev.jmcp.plugins.codereview;

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

/** A registrar for unit tests: keeps what a plugin declares, with the configuration given to it. */
final class CapturingRegistrar implements Registrar {
    record Declared<D, H>(D declaration, H handler) {
    }

    final Map<String, Declared<Tool, ToolHandler>> tools = new LinkedHashMap<>();
    final Map<String, Declared<Prompt, PromptHandler>> prompts = new LinkedHashMap<>();
    final Map<String, Declared<Resource, ResourceHandler>> resources = new LinkedHashMap<>();
    final Map<String, CompletionHandler> promptCompletions = new LinkedHashMap<>();
    private final PluginConfig config;

    CapturingRegistrar(Map<String, String> config) {
        Map<String, String> copy = Map.copyOf(config);
        this.config = key -> Optional.ofNullable(copy.get(key));
    }

    CapturingRegistrar() {
        this(Map.of());
    }

    @Override
    public PluginConfig config() {
        return config;
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler) {
        tools.put(tool.name(), new Declared<>(tool, handler));
        return this;
    }

    @Override
    public Registrar prompt(Prompt prompt, PromptHandler handler) {
        prompts.put(prompt.name(), new Declared<>(prompt, handler));
        return this;
    }

    @Override
    public Registrar resource(Resource resource, ResourceHandler handler) {
        resources.put(resource.uri(), new Declared<>(resource, handler));
        return this;
    }

    @Override
    public Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {
        throw new UnsupportedOperationException("not used by this plugin");
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        promptCompletions.put(promptName + "/" + argumentName, handler);
        return this;
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        throw new UnsupportedOperationException("not used by this plugin");
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        throw new UnsupportedOperationException("not used by this plugin");
    }

    @Override
    public Registrar annotated(Object instance) {
        throw new UnsupportedOperationException("not used by this plugin");
    }
}
