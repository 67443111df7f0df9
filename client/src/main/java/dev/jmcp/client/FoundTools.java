package dev.jmcp.client;

import dev.jmcp.protocol.Tool;

import java.util.List;

/**
 * What {@link McpClient#searchTools} found: the tools, best first, each with its whole definition, and what ranked
 * them: {@code "search_tools"} when the server searched its own tools, else the local ranking's
 * {@link dev.jmcp.client.search.ToolRanking#describe()}. Immutable.
 */
public record FoundTools(List<Tool> tools, String rankedBy) {
    public FoundTools {
        tools = List.copyOf(tools);
    }
}
