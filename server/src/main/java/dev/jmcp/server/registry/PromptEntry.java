package dev.jmcp.server.registry;

import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.protocol.Prompt;

public record PromptEntry(Prompt prompt, PromptHandler handler, Owner owner) {
}
