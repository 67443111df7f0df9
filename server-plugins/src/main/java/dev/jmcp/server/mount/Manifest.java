package dev.jmcp.server.mount;

import dev.jmcp.client.McpClient;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a mounted server offers, as it said it: the revision spoken with it, what its {@code initialize} (or
 * {@code server/discover}) said of itself (name, title, version, instructions, capabilities), and its tools, prompts,
 * resources and resource templates, names and URIs as the server gives them. Listed from a live server, or read back
 * from the {@link ManifestCache} for a lazy mount. Immutable.
 */
record Manifest(String protocolVersion, Implementation serverInfo, String instructions,
                       Map<String, Object> capabilities, List<Tool> tools, List<Prompt> prompts,
                       List<Resource> resources, List<ResourceTemplate> templates) {
    private static final JsonCodec CODEC = JsonCodec.shared();

    public Manifest {
        capabilities = capabilities == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(capabilities));
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
    }

    /** Lists every kind {@code client}'s server declares a capability for. */
    static Manifest list(McpClient client) throws IOException, InterruptedException {
        Map<String, Object> capabilities = client.serverCapabilities();
        boolean resources = capabilities.containsKey("resources");
        return new Manifest(client.protocolVersion().wire(), client.serverInfo(), client.instructions(), capabilities,
                capabilities.containsKey("tools") ? client.listTools() : List.of(),
                capabilities.containsKey("prompts") ? client.listPrompts() : List.of(),
                resources ? client.listResources() : List.of(),
                resources ? client.listResourceTemplates() : List.of());
    }

    /** True when {@code other} holds the same, written the same (a lazy mount's cache against a fresh listing). */
    boolean sameAs(Manifest other) {
        return other != null && CODEC.writeValueAsString(toTree()).equals(CODEC.writeValueAsString(other.toTree()));
    }

    /** True when the server was spoken to in the stateless revision (its calls may become tasks). */
    boolean stateless() {
        return ProtocolVersion.fromWire(protocolVersion).map(ProtocolVersion::isStateless).orElse(false);
    }

    /** This manifest as a JSON tree (the cache's file). */
    Map<String, Object> toTree() {
        var tree = new LinkedHashMap<String, Object>();
        tree.put("protocolVersion", protocolVersion);
        if (serverInfo != null) tree.put("serverInfo", CODEC.toTree(serverInfo));
        if (instructions != null) tree.put("instructions", instructions);
        tree.put("capabilities", capabilities);
        tree.put("tools", tools.stream().map(CODEC::toTree).toList());
        tree.put("prompts", prompts.stream().map(CODEC::toTree).toList());
        tree.put("resources", resources.stream().map(CODEC::toTree).toList());
        tree.put("resourceTemplates", templates.stream().map(CODEC::toTree).toList());
        return tree;
    }

    /**
     * Reads a manifest back from {@link #toTree}'s shape.
     *
     * @throws IllegalArgumentException when the tree is not one
     */
    @SuppressWarnings("unchecked")
    static Manifest fromTree(Map<String, Object> tree) {
        if (!(tree.get("protocolVersion") instanceof String version)) {
            throw new IllegalArgumentException("no protocolVersion");
        }
        return new Manifest(version,
                tree.get("serverInfo") == null ? null : CODEC.fromTree(tree.get("serverInfo"), Implementation.class),
                tree.get("instructions") instanceof String s ? s : null,
                tree.get("capabilities") instanceof Map<?, ?> c ? (Map<String, Object>) c : Map.of(),
                items(tree, "tools", Tool.class), items(tree, "prompts", Prompt.class),
                items(tree, "resources", Resource.class), items(tree, "resourceTemplates", ResourceTemplate.class));
    }

    private static <T> List<T> items(Map<String, Object> tree, String key, Class<T> type) {
        if (tree.get(key) == null) return List.of();
        if (!(tree.get(key) instanceof List<?> list)) throw new IllegalArgumentException("\"" + key + "\" is no list");
        var items = new ArrayList<T>();
        for (Object item : list) items.add(CODEC.fromTree(item, type));
        return items;
    }
}
