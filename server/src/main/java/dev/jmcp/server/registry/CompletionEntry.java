package dev.jmcp.server.registry;

import dev.jmcp.plugin.CompletionHandler;

/**
 * A completion handler for one argument: of prompt {@code refName} ({@code ref/prompt}) or of the template whose
 * {@code uriTemplate} is {@code refName} ({@code ref/resource}).
 */
public record CompletionEntry(Kind kind, String refName, String argumentName, CompletionHandler handler, Owner owner) {
    public enum Kind { PROMPT, RESOURCE }

    public String key() {
        return key(kind, refName, argumentName);
    }

    public static String key(Kind kind, String refName, String argumentName) {
        return kind + "\u0000" + refName + "\u0000" + argumentName;
    }
}
