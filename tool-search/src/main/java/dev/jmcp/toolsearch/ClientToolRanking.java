package dev.jmcp.toolsearch;

import dev.jmcp.client.search.ToolRanking;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * The client's {@link ToolRanking} ({@code jmcp search}, {@code McpClient.searchTools} over a server without
 * {@code search_tools}), provided through {@link java.util.ServiceLoader}: the tools of one {@code tools/list} ranked
 * by the same lexical index the server's {@code search_tools} uses (Lucene BM25 over identifier-aware analysis), built
 * for the one search and closed after it. No embedding model: a one-off search would end before it loaded. Stateless
 * and thread-safe.
 */
public final class ClientToolRanking implements ToolRanking {

    /** Public for {@link java.util.ServiceLoader}. */
    public ClientToolRanking() {
    }

    @Override
    public List<Tool> rank(String query, List<Tool> tools, int limit) {
        var byName = new LinkedHashMap<String, Tool>();
        for (Tool tool : tools) byName.putIfAbsent(tool.name(), tool);
        try (ToolIndex index = new HybridToolIndexFactory().index("none", null)) {
            index.update(byName.values().stream().map(tool -> new SearchableTool(tool, "", null)).toList());
            return index.search(query, limit).stream().map(byName::get).filter(Objects::nonNull).toList();
        }
    }

    @Override
    public String describe() {
        return "bm25";
    }
}
