package dev.jmcp.server.registry;

import dev.jmcp.plugin.RootsListener;

public record RootsListenerEntry(RootsListener listener, Owner owner) {
}
