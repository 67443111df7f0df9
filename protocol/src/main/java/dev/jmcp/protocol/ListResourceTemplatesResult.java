package dev.jmcp.protocol;

import java.util.List;

/** One page of {@code resources/templates/list}; {@code nextCursor} is null on the last page. */
public record ListResourceTemplatesResult(List<ResourceTemplate> resourceTemplates, String nextCursor) {
    public ListResourceTemplatesResult {
        resourceTemplates = List.copyOf(resourceTemplates);
    }
}
