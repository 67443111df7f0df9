package dev.jmcp.server.schema;

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

/** A registrar that keeps what it is given, by name, in the order declared. */
final class RecordingRegistrar implements Registrar {
    record Declared<D, H>(D declaration, H handler) {
    }

    final Map<String, Declared<Tool, ToolHandler>> tools = new LinkedHashMap<>();
    final Map<String, Declared<Prompt, PromptHandler>> prompts = new LinkedHashMap<>();
    final Map<String, Declared<Resource, ResourceHandler>> resources = new LinkedHashMap<>();
    final Map<String, Declared<ResourceTemplate, ResourceTemplateHandler>> templates = new LinkedHashMap<>();

    @Override
    public PluginConfig config() {
        return key -> Optional.empty();
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
        templates.put(template.uriTemplate(), new Declared<>(template, handler));
        return this;
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        throw new UnsupportedOperationException("annotations declare no completions");
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        throw new UnsupportedOperationException("annotations declare no completions");
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        throw new UnsupportedOperationException("annotations declare no roots listener");
    }

    @Override
    public Registrar annotated(Object instance) {
        AnnotatedMethods.declare(instance, this);
        return this;
    }
}
