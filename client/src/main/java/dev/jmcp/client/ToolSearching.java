package dev.jmcp.client;

import dev.jmcp.client.search.ToolRanking;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link McpClient#searchTools}: the server's own {@code search_tools} when its {@code tools/list} has one, else a
 * {@link ToolRanking} over that list. Static and stateless.
 */
final class ToolSearching {
    /** The name a server's own tool search is served under (jmcp's {@code serve --tool-search}). */
    static final String SEARCH_TOOL = "search_tools";

    private ToolSearching() {
    }

    static FoundTools search(McpClient client, String query, int limit, ToolRanking local)
            throws IOException, InterruptedException {
        if (query == null || query.isBlank()) throw new IllegalArgumentException("the query is empty");
        if (limit < 1) throw new IllegalArgumentException("the limit must be at least 1, was " + limit);
        List<Tool> tools = client.listTools();
        if (tools.stream().anyMatch(tool -> tool.name().equals(SEARCH_TOOL))) {
            CallToolResult result = client.callTool(SEARCH_TOOL, Map.of("query", query, "limit", limit));
            if (result.failed()) {
                throw new McpErrorException(ErrorCodes.INVALID_PARAMS, "the server's " + SEARCH_TOOL + " failed: "
                        + text(result), null);
            }
            return new FoundTools(found(result), SEARCH_TOOL);
        }
        ToolRanking ranking = local != null ? local : ToolRanking.installed();
        return new FoundTools(ranking.rank(query, tools, limit), ranking.describe());
    }

    /** The tools of a {@code search_tools} result: its structured content, else the same JSON in its text. */
    private static List<Tool> found(CallToolResult result) throws IOException {
        Object tree = result.structuredContent();
        JsonCodec codec = JsonCodec.shared();
        try {
            if (tree == null) tree = codec.parse(text(result));
            if (!(tree instanceof Map<?, ?> map) || !(map.get("tools") instanceof List<?> items)) {
                throw new IOException("the server's " + SEARCH_TOOL + " answered no \"tools\" list");
            }
            var tools = new ArrayList<Tool>();
            for (Object item : items) tools.add(codec.fromTree(item, Tool.class));
            return tools;
        } catch (IllegalArgumentException e) {
            throw new IOException("the server's " + SEARCH_TOOL + " answered tools that are not tools: "
                    + e.getMessage(), e);
        }
    }

    private static String text(CallToolResult result) {
        var text = new StringBuilder();
        for (Content content : result.content()) {
            if (content instanceof TextContent t) text.append(t.text());
        }
        return text.toString();
    }
}
