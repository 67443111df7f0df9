package dev.jmcp.server;

import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.registry.Registry;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a server serves at one moment ({@link McpServer#catalog}): each tool, prompt, resource and resource template
 * its plugins declare, as clients are given them, with the name of the plugin that serves it; all of one snapshot of
 * the server's plugins. Immutable: a reload makes a new catalog and never changes one already handed out. Read-only:
 * serving goes through a transport, never through this.
 */
public record Catalog(List<Served<Tool>> tools, List<Served<Prompt>> prompts, List<Served<Resource>> resources,
                      List<Served<ResourceTemplate>> templates) {

    /** One declaration ({@code Tool}, {@code Prompt}, ...) and the name of the plugin that serves it. */
    public record Served<T>(T declaration, String plugin) {
        public Served {
            Objects.requireNonNull(declaration, "declaration");
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    public Catalog {
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
    }

    /** The tool called {@code name}, when one is served. */
    public Optional<Served<Tool>> tool(String name) {
        return tools.stream().filter(t -> t.declaration().name().equals(name)).findFirst();
    }

    /** The catalog of one registry snapshot, in its order. */
    static Catalog of(Registry registry) {
        return new Catalog(
                registry.tools().stream().map(e -> new Served<>(e.tool(), e.owner().name())).toList(),
                registry.prompts().stream().map(e -> new Served<>(e.prompt(), e.owner().name())).toList(),
                registry.resources().stream().map(e -> new Served<>(e.resource(), e.owner().name())).toList(),
                registry.templates().stream().map(e -> new Served<>(e.template(), e.owner().name())).toList());
    }
}
