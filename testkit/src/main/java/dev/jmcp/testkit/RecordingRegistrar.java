package dev.jmcp.testkit;

import dev.jmcp.plugin.CompletionHandler;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.plugin.RootsListener;
import dev.jmcp.plugin.Skill;
import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * A {@link Registrar} for unit tests of a plugin: it keeps everything the plugin declares, in declaration order, so a
 * test can inspect the declarations and call the handlers directly, with no server. A name (or URI, or completion
 * target) declared twice fails at once with an {@link IllegalStateException}, where the server's registrar would
 * refuse the whole plugin.
 *
 * <p>{@link #annotated} needs the server's annotation reader, which this module cannot see (the server's tests depend
 * on it): a test that declares annotated objects passes one in; otherwise {@code annotated} throws
 * {@link UnsupportedOperationException}.
 *
 * <p>Owned by the test that makes it; nothing to close. Not thread-safe, like the registrar it stands in for: fill it
 * in one thread (the plugin's {@code register}), then read it.
 */
public final class RecordingRegistrar implements Registrar {

    /** A declaration and the handler that serves it. */
    public record Declared<D, H>(D declaration, H handler) {
    }

    private final PluginConfig config;
    private final BiConsumer<Object, Registrar> annotationReader;
    private final Map<String, Declared<Tool, ToolHandler>> tools = new LinkedHashMap<>();
    private final Map<String, TaskSupport> taskSupports = new LinkedHashMap<>();
    private final Map<String, Declared<Prompt, PromptHandler>> prompts = new LinkedHashMap<>();
    private final Map<String, Declared<Resource, ResourceHandler>> resources = new LinkedHashMap<>();
    private final Map<String, Declared<ResourceTemplate, ResourceTemplateHandler>> templates = new LinkedHashMap<>();
    private final Map<String, CompletionHandler> promptCompletions = new LinkedHashMap<>();
    private final Map<String, Skill> skills = new LinkedHashMap<>();
    private final Map<String, CompletionHandler> resourceCompletions = new LinkedHashMap<>();
    private final List<RootsListener> rootsListeners = new ArrayList<>();

    /** A registrar with an empty configuration that cannot declare annotated objects. */
    public RecordingRegistrar() {
        this(Map.of());
    }

    /** A registrar whose {@link #config()} answers from {@code config}; it cannot declare annotated objects. */
    public RecordingRegistrar(Map<String, String> config) {
        this(config, (instance, registrar) -> {
            throw new UnsupportedOperationException("this test registrar was given no annotation reader");
        });
    }

    /**
     * A registrar whose {@link #config()} answers from {@code config} and whose {@link #annotated} hands the object
     * and this registrar to {@code annotationReader} (in the server's tests, {@code AnnotatedMethods::declare}).
     */
    public RecordingRegistrar(Map<String, String> config, BiConsumer<Object, Registrar> annotationReader) {
        Map<String, String> values = Map.copyOf(config);
        this.config = key -> Optional.ofNullable(values.get(key));
        this.annotationReader = Objects.requireNonNull(annotationReader);
    }

    /** The tools declared, by name. */
    public Map<String, Declared<Tool, ToolHandler>> tools() {
        return Collections.unmodifiableMap(tools);
    }

    /** The prompts declared, by name. */
    public Map<String, Declared<Prompt, PromptHandler>> prompts() {
        return Collections.unmodifiableMap(prompts);
    }

    /** The resources declared, by URI. */
    public Map<String, Declared<Resource, ResourceHandler>> resources() {
        return Collections.unmodifiableMap(resources);
    }

    /** The resource templates declared, by URI template. */
    public Map<String, Declared<ResourceTemplate, ResourceTemplateHandler>> templates() {
        return Collections.unmodifiableMap(templates);
    }

    /** The prompt argument completions declared, keyed {@code <prompt>/<argument>}. */
    public Map<String, CompletionHandler> promptCompletions() {
        return Collections.unmodifiableMap(promptCompletions);
    }

    /** The resource template variable completions declared, keyed {@code <uriTemplate>/<variable>}. */
    public Map<String, CompletionHandler> resourceCompletions() {
        return Collections.unmodifiableMap(resourceCompletions);
    }

    /** The skills declared, by name. */
    public Map<String, Skill> skills() {
        return Collections.unmodifiableMap(skills);
    }

    /** The roots listeners declared, in order. */
    public List<RootsListener> rootsListeners() {
        return Collections.unmodifiableList(rootsListeners);
    }

    @Override
    public PluginConfig config() {
        return config;
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler) {
        return tool(tool, handler, TaskSupport.NONE);
    }

    @Override
    public Registrar tool(Tool tool, ToolHandler handler, TaskSupport taskSupport) {
        put(tools, tool.name(), new Declared<>(tool, handler));
        taskSupports.put(tool.name(), taskSupport == null ? TaskSupport.NONE : taskSupport);
        return this;
    }

    /** Whether the tool {@code name} was declared to run as a task; NONE for a tool declared without. */
    public TaskSupport taskSupport(String name) {
        return taskSupports.getOrDefault(name, TaskSupport.NONE);
    }

    @Override
    public Registrar prompt(Prompt prompt, PromptHandler handler) {
        put(prompts, prompt.name(), new Declared<>(prompt, handler));
        return this;
    }

    @Override
    public Registrar resource(Resource resource, ResourceHandler handler) {
        put(resources, resource.uri(), new Declared<>(resource, handler));
        return this;
    }

    @Override
    public Registrar skill(Skill skill) {
        put(skills, skill.name(), skill);
        return this;
    }

    @Override
    public Registrar resourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {
        put(templates, template.uriTemplate(), new Declared<>(template, handler));
        return this;
    }

    @Override
    public Registrar promptCompletion(String promptName, String argumentName, CompletionHandler handler) {
        put(promptCompletions, promptName + "/" + argumentName, handler);
        return this;
    }

    @Override
    public Registrar resourceCompletion(String uriTemplate, String variableName, CompletionHandler handler) {
        put(resourceCompletions, uriTemplate + "/" + variableName, handler);
        return this;
    }

    @Override
    public Registrar onRootsChanged(RootsListener listener) {
        rootsListeners.add(Objects.requireNonNull(listener));
        return this;
    }

    @Override
    public Registrar annotated(Object instance) {
        annotationReader.accept(instance, this);
        return this;
    }

    private static <V> void put(Map<String, V> declared, String key, V value) {
        if (declared.putIfAbsent(key, value) != null) throw new IllegalStateException("declared twice: " + key);
    }
}
