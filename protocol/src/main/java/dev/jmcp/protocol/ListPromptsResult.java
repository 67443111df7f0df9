package dev.jmcp.protocol;

import java.util.List;

/** One page of {@code prompts/list}; {@code nextCursor} is null on the last page. */
public record ListPromptsResult(List<Prompt> prompts, String nextCursor) {
    public ListPromptsResult {
        prompts = List.copyOf(prompts);
    }
}
