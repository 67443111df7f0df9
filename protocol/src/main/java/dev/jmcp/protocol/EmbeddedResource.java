package dev.jmcp.protocol;

import java.util.Map;

/** The contents of a resource, embedded in a result or message. */
public record EmbeddedResource(ResourceContents resource, Annotations annotations, Map<String, Object> meta)
        implements Content {
    public EmbeddedResource {
        if (resource == null) throw new IllegalArgumentException("an embedded resource needs its contents");
    }

    public EmbeddedResource(ResourceContents resource) {
        this(resource, null, null);
    }
}
