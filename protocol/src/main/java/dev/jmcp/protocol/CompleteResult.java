package dev.jmcp.protocol;

/** The result of {@code completion/complete}. */
public record CompleteResult(Completion completion) {
}
