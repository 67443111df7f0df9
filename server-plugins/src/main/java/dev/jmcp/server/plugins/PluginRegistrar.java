package dev.jmcp.server.plugins;

import dev.jmcp.plugin.CompletionHandler;
import dev.jmcp.plugin.PluginChanges;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.plugin.RootsListener;
import dev.jmcp.plugin.Skill;
import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonTrees;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ResourceTemplateEntry;
import dev.jmcp.server.registry.RootsListenerEntry;
import dev.jmcp.server.registry.SkillEntry;
import dev.jmcp.server.registry.SkillFile;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.registry.UriTemplate;
import dev.jmcp.server.schema.AnnotatedMethods;
import dev.jmcp.server.schema.JsonSchemas;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link Registrar} one plugin declares to during {@code register}; {@link #finish} turns what it collected into
 * the plugin's {@link Contribution}. A mistake inside the plugin (a name declared twice, a completion for a prompt or
 * template the plugin does not own, an unusable template or schema) is remembered as a problem and makes the load
 * fail with every problem named; the offending call also throws {@link IllegalArgumentException}. Not thread-safe;
 * unusable after {@link #finish}.
 */
final class PluginRegistrar implements Registrar {
    private final Owner owner;
    private final PluginConfig config;
    private final PluginChanges changes;
    private final Map<String, ToolEntry> tools = new LinkedHashMap<>();
    private final Map<String, PromptEntry> prompts = new LinkedHashMap<>();
    private final Map<String, ResourceEntry> resources = new LinkedHashMap<>();
    private final Map<String, ResourceTemplateEntry> templates = new LinkedHashMap<>();
    private final Map<String, CompletionEntry> completions = new LinkedHashMap<>();
    private final List<RootsListenerEntry> rootsListeners = new ArrayList<>();
    private final Map<String, SkillEntry> skills = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private boolean finished;
    /** The context class loader of the plugin's calls (see {@link PluginCalls}); null leaves handlers as they are. */
    private final ClassLoader callLoader;

    PluginRegistrar(Owner owner, PluginConfig config, PluginChanges changes) {
        this.owner = owner;
        this.callLoader = owner instanceof JarPlugin plugin ? plugin.classLoader() : null;
        this.config = config;
        this.changes = changes;
    }

    @Override
    public PluginConfig config() {
        return config;
    }

    /** The plugin's handle to redeclare; usable, unlike the rest of the registrar, after {@code register} returned. */
    @Override
    public PluginChanges changes() {
        return changes;
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler) {
        return tool(tool, handler, TaskSupport.NONE);
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler, TaskSupport taskSupport) {
        requireOpen();
        if (tool == null || handler == null) throw problem("tool(...) needs a tool and a handler");
        if (tools.containsKey(tool.name())) throw problem("tool '" + tool.name() + "' is declared twice");
        // Schemas may hold the plugin's own enum constants; the wire codec must only ever see plain trees.
        tool = new Tool(tool.name(), tool.title(), tool.description(), JsonTrees.plainObject(tool.inputSchema()),
                JsonTrees.plainObject(tool.outputSchema()), tool.annotations(), tool.icons(),
                JsonTrees.plainObject(tool.meta()));
        ArgumentsValidator validator;
        try {
            validator = JsonSchemas.validator(tool.inputSchema());
        } catch (RuntimeException e) {
            throw problem("tool '" + tool.name() + "' has an unusable input schema: " + e.getMessage());
        }
        ArgumentsValidator outputValidator = null;
        if (tool.outputSchema() != null) {
            try {
                outputValidator = JsonSchemas.outputValidator(tool.outputSchema());
            } catch (RuntimeException e) {
                throw problem("tool '" + tool.name() + "' has an unusable output schema: " + e.getMessage());
            }
        }
        if (callLoader != null) handler = PluginCalls.tool((JarPlugin) owner, callLoader, handler);
        tools.put(tool.name(), new ToolEntry(tool, handler, validator, outputValidator, owner, taskSupport));
        return this;
    }

    @Override
    public Registrar prompt(Prompt prompt, PromptHandler handler) {
        requireOpen();
        if (prompt == null || handler == null) throw problem("prompt(...) needs a prompt and a handler");
        if (prompts.containsKey(prompt.name())) throw problem("prompt '" + prompt.name() + "' is declared twice");
        if (callLoader != null) handler = PluginCalls.prompt((JarPlugin) owner, callLoader, handler);
        prompts.put(prompt.name(), new PromptEntry(prompt, handler, owner));
        return this;
    }

    @Override
    public Registrar resource(Resource resource, ResourceHandler handler) {
        requireOpen();
        if (resource == null || handler == null) throw problem("resource(...) needs a resource and a handler");
        if (resources.containsKey(resource.uri())) throw problem("resource '" + resource.uri() + "' is declared twice");
        if (callLoader != null) handler = PluginCalls.resource((JarPlugin) owner, callLoader, handler);
        resources.put(resource.uri(), new ResourceEntry(resource, handler, owner));
        return this;
    }

    @Override
    public Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {
        requireOpen();
        if (template == null || handler == null) throw problem("resourceTemplate(...) needs a template and a handler");
        String uriTemplate = template.uriTemplate();
        if (templates.containsKey(uriTemplate)) throw problem("resource template '" + uriTemplate + "' is declared twice");
        UriTemplate matcher;
        try {
            matcher = new UriTemplate(uriTemplate);
        } catch (RuntimeException e) {
            throw problem("resource template '" + uriTemplate + "' is not usable: " + e.getMessage());
        }
        if (callLoader != null) handler = PluginCalls.template((JarPlugin) owner, callLoader, handler);
        templates.put(uriTemplate, new ResourceTemplateEntry(template, matcher, handler, owner));
        return this;
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        return completion(CompletionEntry.Kind.PROMPT, promptName, argumentName, handler);
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        return completion(CompletionEntry.Kind.RESOURCE, uriTemplate, variableName, handler);
    }

    private Registrar completion(CompletionEntry.Kind kind, String refName, String argumentName,
                                 CompletionHandler handler) {
        requireOpen();
        if (refName == null || argumentName == null || handler == null) {
            throw problem("a completion needs a reference, an argument name and a handler");
        }
        if (callLoader != null) handler = PluginCalls.completion((JarPlugin) owner, callLoader, handler);
        var entry = new CompletionEntry(kind, refName, argumentName, handler, owner);
        if (completions.putIfAbsent(entry.key(), entry) != null) {
            throw problem("completion of " + describe(entry) + " is declared twice");
        }
        return this;
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        requireOpen();
        if (listener == null) throw problem("onRootsChanged(...) needs a listener");
        if (callLoader != null) listener = PluginCalls.roots((JarPlugin) owner, callLoader, listener);
        rootsListeners.add(new RootsListenerEntry(listener, owner));
        return this;
    }

    /** Declares the skill and, as resources, each of its files; the {@code SKILL.md} is named as the skill is. */
    @Override
    public Registrar skill(Skill skill) {
        requireOpen();
        if (skill == null) throw problem("skill(...) needs a skill");
        if (skills.containsKey(skill.name())) throw problem("skill '" + skill.name() + "' is declared twice");
        SkillEntry entry = SkillEntry.of(skill, owner);
        skills.put(skill.name(), entry);
        for (SkillFile file : entry.files().values()) {
            boolean manifest = file.path().equals(SkillEntry.MANIFEST);
            var resource = new Resource(file.uri(), manifest ? skill.name() : skill.name() + "/" + file.path(), null,
                    manifest ? skill.description() : "File " + file.path() + " of skill " + skill.name(),
                    file.mimeType(), (long) file.bytes().length, null, null, null);
            resource(resource, (uri, context) -> new ReadResourceResult(List.of(file.isText()
                    ? new TextResourceContents(uri, file.mimeType(), new String(file.bytes(), StandardCharsets.UTF_8), null)
                    : new BlobResourceContents(uri, file.mimeType(), Base64.getEncoder().encodeToString(file.bytes()),
                    null))));
        }
        return this;
    }

    @Override
    public Registrar annotated(Object instance) {
        requireOpen();
        if (instance == null) throw problem("annotated(...) needs an object");
        AnnotatedMethods.declare(instance, this);
        return this;
    }

    /** The problems found so far, in the order they were found. */
    List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * Closes the registrar and returns what the plugin declared; fails naming every problem, including completions
     * whose prompt or template this plugin does not declare (checked here, since a plugin may declare them in any
     * order).
     */
    Contribution finish() throws PluginLoadException {
        finished = true;
        for (CompletionEntry entry : completions.values()) {
            checkReference(entry);
        }
        if (!problems.isEmpty()) throw new PluginLoadException(String.join("; ", problems));
        return new Contribution(owner, List.copyOf(tools.values()), List.copyOf(prompts.values()),
                List.copyOf(resources.values()), List.copyOf(templates.values()), List.copyOf(completions.values()),
                rootsListeners, List.copyOf(skills.values()));
    }

    private void checkReference(CompletionEntry entry) {
        switch (entry.kind()) {
            case PROMPT -> {
                PromptEntry prompt = prompts.get(entry.refName());
                if (prompt == null) {
                    problems.add("completion of " + describe(entry) + ", a prompt this plugin does not declare");
                } else if (prompt.prompt().arguments() == null || prompt.prompt().arguments().stream()
                        .map(PromptArgument::name).noneMatch(entry.argumentName()::equals)) {
                    problems.add("completion of " + describe(entry) + ", an argument the prompt does not have");
                }
            }
            case RESOURCE -> {
                ResourceTemplateEntry template = templates.get(entry.refName());
                if (template == null) {
                    problems.add("completion of " + describe(entry) + ", a template this plugin does not declare");
                } else if (!template.matcher().variables().contains(entry.argumentName())) {
                    problems.add("completion of " + describe(entry) + ", a variable the template does not have");
                }
            }
        }
    }

    private static String describe(CompletionEntry entry) {
        return switch (entry.kind()) {
            case PROMPT -> "argument '" + entry.argumentName() + "' of prompt '" + entry.refName() + "'";
            case RESOURCE -> "variable '" + entry.argumentName() + "' of resource template '" + entry.refName() + "'";
        };
    }

    private IllegalArgumentException problem(String message) {
        problems.add(message);
        return new IllegalArgumentException(message);
    }

    private void requireOpen() {
        if (finished) throw new IllegalStateException("the registrar is usable only during Plugin.register");
    }
}
