package dev.jmcp.server.registry;

import java.util.List;

/** Everything one plugin declared, as it goes into a snapshot. Immutable. */
public record Contribution(Owner owner, List<ToolEntry> tools, List<PromptEntry> prompts,
                           List<ResourceEntry> resources, List<ResourceTemplateEntry> templates,
                           List<CompletionEntry> completions, List<RootsListenerEntry> rootsListeners,
                           List<SkillEntry> skills) {
    public Contribution {
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        completions = List.copyOf(completions);
        rootsListeners = List.copyOf(rootsListeners);
        skills = List.copyOf(skills);
    }

    /** A contribution without skills. */
    public Contribution(Owner owner, List<ToolEntry> tools, List<PromptEntry> prompts, List<ResourceEntry> resources,
                        List<ResourceTemplateEntry> templates, List<CompletionEntry> completions,
                        List<RootsListenerEntry> rootsListeners) {
        this(owner, tools, prompts, resources, templates, completions, rootsListeners, List.of());
    }
}
