package dev.jmcp.server.toolsearch;

import java.util.List;

/**
 * Ranks the tools the server serves against a request written in words. The server calls {@link #update} with the
 * whole set after every registry snapshot (and once at start); the index finds what changed and updates itself
 * incrementally, never rebuilding everything. Each {@link #search} sees one consistent set: the one of the last
 * completed update, or an earlier one, never a mix. Thread-safe; the server owns it and closes it when it stops.
 */
public interface ToolIndex extends AutoCloseable {

    /** The tools the index holds from now on. A failure is logged by the index, which keeps its previous set. */
    void update(List<SearchableTool> tools);

    /**
     * The names of the tools that best match {@code query}, best first, at most {@code limit} ({@code limit >= 1};
     * {@code query} is not blank and the caller has bounded its length). Empty when nothing matches at all.
     */
    List<String> search(String query, int limit);

    /** What it ranks with now, e.g. {@code "bm25"} or {@code "bm25+dense(bge-small-en-v1.5)"}, for logs and benches. */
    String describe();

    @Override
    void close();
}
