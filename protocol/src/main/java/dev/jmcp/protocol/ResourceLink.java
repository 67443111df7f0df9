package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/** A link to a resource the client may read (2025-06-18). */
public record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size,
                           Annotations annotations, List<Icon> icons, Map<String, Object> meta) implements Content {
    public ResourceLink {
        if (uri == null || name == null) throw new IllegalArgumentException("a resource link needs uri and name");
        icons = icons == null ? null : List.copyOf(icons);
    }

    public ResourceLink(String uri, String name, String mimeType) {
        this(uri, name, null, null, mimeType, null, null, null, null);
    }
}
