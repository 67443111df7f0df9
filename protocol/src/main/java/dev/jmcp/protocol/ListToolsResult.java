package dev.jmcp.protocol;

import java.util.List;

/** One page of {@code tools/list}; {@code nextCursor} is null on the last page. */
public record ListToolsResult(List<Tool> tools, String nextCursor) {
    public ListToolsResult {
        tools = List.copyOf(tools);
    }
}
