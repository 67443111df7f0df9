package dev.jmcp.toolsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;
import dev.jmcp.server.toolsearch.SearchableTool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The tool-search evaluation set (bench/tool-search): every catalog server's tools, served as
 * {@code <server-id>_<tool-name>} with the server's title and description as their source, as a mount with a prefix
 * would serve them; and the requests with the tools that serve each ({@code <server-id>/<tool-name>}).
 */
record EvalSet(List<SearchableTool> tools, Map<String, String> evalIds, Map<String, String> definitions,
               List<Request> requests) {

    record Request(String id, String query, String lang, String split, Set<String> relevant) {
        boolean english() {
            return lang.equals("en");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    static EvalSet load(Path folder) throws IOException {
        List<SearchableTool> tools = new ArrayList<>();
        Map<String, String> evalIds = new HashMap<>();
        Map<String, String> definitions = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> listing = Files.list(folder.resolve("catalog"))) {
            files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path file : files) {
            JsonNode server = JSON.readTree(file.toFile());
            String id = file.getFileName().toString().replaceFirst("\\.json$", "");
            String title = server.path("title").asText(id);
            String description = server.path("description").asText(null);
            for (JsonNode node : server.path("tools")) {
                String served = id + "_" + node.path("name").asText();
                tools.add(new SearchableTool(tool(served, node), title, description));
                evalIds.put(served, id + "/" + node.path("name").asText());
                ObjectNode definition = ((ObjectNode) node.deepCopy()).put("name", served);
                definitions.put(served, JSON.writeValueAsString(definition));
            }
        }
        List<Request> requests = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve("queries.jsonl"))) {
            if (line.isBlank()) continue;
            JsonNode q = JSON.readTree(line);
            Set<String> relevant = new java.util.HashSet<>();
            q.path("relevant").forEach(r -> relevant.add(r.asText()));
            requests.add(new Request(q.path("id").asText(), q.path("query").asText(), q.path("lang").asText("en"),
                    q.path("split").asText("dev"), relevant));
        }
        return new EvalSet(tools, evalIds, definitions, requests);
    }

    @SuppressWarnings("unchecked")
    static Tool tool(String name, JsonNode node) {
        Map<String, Object> input = node.has("inputSchema") ? JSON.convertValue(node.get("inputSchema"), Map.class)
                : new HashMap<>();
        if (!"object".equals(input.get("type"))) {
            input = new HashMap<>(input);
            input.put("type", "object");
        }
        Map<String, Object> output = node.has("outputSchema") ? JSON.convertValue(node.get("outputSchema"), Map.class)
                : null;
        ToolAnnotations annotations = null;
        JsonNode a = node.get("annotations");
        if (a != null && a.isObject()) {
            annotations = new ToolAnnotations(a.path("title").asText(null), bool(a, "readOnlyHint"),
                    bool(a, "destructiveHint"), bool(a, "idempotentHint"), bool(a, "openWorldHint"));
        }
        return new Tool(name, node.path("title").asText(null), node.path("description").asText(null), input, output,
                annotations, null, null);
    }

    private static Boolean bool(JsonNode node, String field) {
        return node.has(field) && node.get(field).isBoolean() ? node.get(field).asBoolean() : null;
    }
}
