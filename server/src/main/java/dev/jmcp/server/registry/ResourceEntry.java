package dev.jmcp.server.registry;

import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.protocol.Resource;

public record ResourceEntry(Resource resource, ResourceHandler handler, Owner owner) {
}
