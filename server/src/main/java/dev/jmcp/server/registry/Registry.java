package dev.jmcp.server.registry;

import dev.jmcp.server.state.ListKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An immutable snapshot of every tool, prompt, resource, template, completion and skill the loaded plugins declare. Lists
 * are in a deterministic order (by name, or URI); look-ups are by key. A reload builds a new snapshot from the
 * plugins' {@link Contribution}s and swaps it in whole. Thread-safe.
 */
public final class Registry {


    public static final Registry EMPTY = new Registry(List.of());

    private final List<Contribution> contributions;
    private final Map<String, ToolEntry> tools;
    private final Map<String, PromptEntry> prompts;
    private final Map<String, ResourceEntry> resources;
    private final Map<String, ResourceTemplateEntry> templates;
    private final Map<String, CompletionEntry> completions;
    private final List<RootsListenerEntry> rootsListeners;
    private final Map<String, SkillEntry> skills;

    private Registry(List<Contribution> contributions) {
        this.contributions = List.copyOf(contributions);
        var tools = new TreeMap<String, ToolEntry>();
        var prompts = new TreeMap<String, PromptEntry>();
        var resources = new TreeMap<String, ResourceEntry>();
        var templates = new TreeMap<String, ResourceTemplateEntry>();
        var completions = new LinkedHashMap<String, CompletionEntry>();
        var roots = new ArrayList<RootsListenerEntry>();
        var skills = new TreeMap<String, SkillEntry>();
        for (var c : contributions) {
            c.tools().forEach(e -> tools.put(e.tool().name(), e));
            c.prompts().forEach(e -> prompts.put(e.prompt().name(), e));
            c.resources().forEach(e -> resources.put(e.resource().uri(), e));
            c.templates().forEach(e -> templates.put(e.template().uriTemplate(), e));
            c.completions().forEach(e -> completions.put(e.key(), e));
            roots.addAll(c.rootsListeners());
            c.skills().forEach(e -> skills.put(e.uri(), e));
        }
        this.tools = java.util.Collections.unmodifiableMap(tools);
        this.prompts = java.util.Collections.unmodifiableMap(prompts);
        this.resources = java.util.Collections.unmodifiableMap(resources);
        this.templates = java.util.Collections.unmodifiableMap(templates);
        this.completions = Map.copyOf(completions);
        this.rootsListeners = List.copyOf(roots);
        this.skills = java.util.Collections.unmodifiableMap(skills);
    }

    /**
     * A snapshot of {@code contributions}. Throws {@link IllegalArgumentException} naming both owners when two of them
     * declare the same tool, prompt, resource or template; callers leave out the newcomer and build again.
     */
    public static Registry of(Collection<Contribution> contributions) {
        var seen = new java.util.HashMap<String, String>();
        for (var c : contributions) {
            for (String key : keys(c)) {
                String previous = seen.putIfAbsent(key, c.owner().name());
                if (previous != null) {
                    throw new IllegalArgumentException(key + " is declared by both " + previous + " and " + c.owner().name());
                }
            }
        }
        return new Registry(new ArrayList<>(contributions));
    }

    /** The names a contribution claims, e.g. {@code tool 'sleep'}; a conflict on any of them refuses the plugin. */
    public static List<String> keys(Contribution c) {
        var keys = new ArrayList<String>();
        c.tools().forEach(e -> keys.add("tool '" + e.tool().name() + "'"));
        c.prompts().forEach(e -> keys.add("prompt '" + e.prompt().name() + "'"));
        c.resources().forEach(e -> keys.add("resource '" + e.resource().uri() + "'"));
        c.templates().forEach(e -> keys.add("resource template '" + e.template().uriTemplate() + "'"));
        c.skills().forEach(e -> keys.add("skill '" + e.name() + "'"));
        return keys;
    }

    public List<Contribution> contributions() {
        return contributions;
    }

    public Collection<ToolEntry> tools() {
        return tools.values();
    }

    public Optional<ToolEntry> tool(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    public Collection<PromptEntry> prompts() {
        return prompts.values();
    }

    public Optional<PromptEntry> prompt(String name) {
        return Optional.ofNullable(prompts.get(name));
    }

    public Collection<ResourceEntry> resources() {
        return resources.values();
    }

    public Optional<ResourceEntry> resource(String uri) {
        return Optional.ofNullable(resources.get(uri));
    }

    public Collection<ResourceTemplateEntry> templates() {
        return templates.values();
    }

    /** The template that matches {@code uri}, with its variables; the most specific (longest template) first. */
    public Optional<Map.Entry<ResourceTemplateEntry, Map<String, String>>> matchTemplate(String uri) {
        return templates.values().stream()
                .sorted(Comparator.comparingInt((ResourceTemplateEntry e) -> e.template().uriTemplate().length()).reversed())
                .flatMap(e -> e.matcher().match(uri).map(v -> Map.entry(e, v)).stream())
                .findFirst();
    }

    public Optional<CompletionEntry> completion(CompletionEntry.Kind kind, String refName, String argumentName) {
        return Optional.ofNullable(completions.get(CompletionEntry.key(kind, refName, argumentName)));
    }

    /** The skills, ordered by the URI of their {@code SKILL.md}. */
    public Collection<SkillEntry> skills() {
        return skills.values();
    }

    /** The skill whose {@code SKILL.md} has {@code uri}. */
    public Optional<SkillEntry> skill(String uri) {
        return Optional.ofNullable(skills.get(uri));
    }

    public List<RootsListenerEntry> rootsListeners() {
        return rootsListeners;
    }

    /** The kinds whose listing differs between this snapshot and {@code next}: what {@code list_changed} to send. */
    public Set<ListKind> changedKinds(Registry next) {
        var changed = EnumSet.noneOf(ListKind.class);
        if (!sameItems(tools, next.tools, e -> e.tool())) changed.add(ListKind.TOOLS);
        if (!sameItems(prompts, next.prompts, e -> e.prompt())) changed.add(ListKind.PROMPTS);
        if (!sameItems(resources, next.resources, e -> e.resource())
                || !sameItems(templates, next.templates, e -> e.template())) {
            changed.add(ListKind.RESOURCES);
        }
        return changed;
    }

    private static <E> boolean sameItems(Map<String, E> a, Map<String, E> b, java.util.function.Function<E, Object> item) {
        if (!a.keySet().equals(b.keySet())) return false;
        for (var entry : a.entrySet()) {
            E other = b.get(entry.getKey());
            // A replaced plugin may declare the same item again; it counts as changed only if the declaration differs.
            if (!Objects.equals(item.apply(entry.getValue()), item.apply(other))) return false;
        }
        return true;
    }
}
