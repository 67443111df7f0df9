package dev.jmcp.server.registry;

import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.protocol.ResourceTemplate;

/** A resource template in a snapshot, with its compiled matcher. */
public record ResourceTemplateEntry(ResourceTemplate template, UriTemplate matcher, ResourceTemplateHandler handler,
                                    Owner owner) {
}
