package dev.jmcp.client.search;

import dev.jmcp.protocol.Tool;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Ranks a server's tools against a request in words, on the client's side: what
 * {@link dev.jmcp.client.McpClient#searchTools} uses for a server that has no {@code search_tools} of its own. An
 * extension point: the tool-search module ({@code jmcp-tool-search}, Lucene BM25) provides one through
 * {@link ServiceLoader}, so the client itself carries no search library; without it, {@link WordRanking} ranks.
 * Implementations are thread-safe; a ranking that throws fails that search only.
 */
public interface ToolRanking {

    /**
     * The tools of {@code tools} that best match {@code query}, best first, at most {@code limit} ({@code query} is not
     * blank, {@code limit >= 1}); empty when nothing matches.
     */
    List<Tool> rank(String query, List<Tool> tools, int limit);

    /** What it ranks with, e.g. {@code "bm25"}, for people reading a search's result. */
    String describe();

    /** False when this provider cannot rank here (a library it needs is missing): the next one is tried. */
    default boolean available() {
        return true;
    }

    /** The first available ranking {@code loader} provides, else {@link WordRanking}. */
    static ToolRanking installed(ClassLoader loader) {
        for (ToolRanking ranking : ServiceLoader.load(ToolRanking.class, loader)) {
            if (ranking.available()) return ranking;
        }
        return new WordRanking();
    }

    /** The first available ranking on the client's own class or module path, else {@link WordRanking}. */
    static ToolRanking installed() {
        return installed(ToolRanking.class.getClassLoader());
    }
}
