package dev.jmcp.server.registry;

import java.util.List;

/** Everything one plugin declared, as it goes into a snapshot. Immutable. */
public record Contribution(Owner owner, List<ToolEntry> tools, List<PromptEntry> prompts,
                           List<ResourceEntry> resources, List<ResourceTemplateEntry> templates,
                           List<CompletionEntry> completions, List<RootsListenerEntry> rootsListeners) {
    public Contribution {
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        completions = List.copyOf(completions);
        rootsListeners = List.copyOf(rootsListeners);
    }
}
