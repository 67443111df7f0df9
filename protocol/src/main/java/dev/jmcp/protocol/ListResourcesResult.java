package dev.jmcp.protocol;

import java.util.List;

/** One page of {@code resources/list}; {@code nextCursor} is null on the last page. */
public record ListResourcesResult(List<Resource> resources, String nextCursor) {
    public ListResourcesResult {
        resources = List.copyOf(resources);
    }
}
