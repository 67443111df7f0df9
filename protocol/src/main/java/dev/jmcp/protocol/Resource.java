package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/** A resource as {@code resources/list} shows it. */
public record Resource(String uri, String name, String title, String description, String mimeType, Long size,
                       Annotations annotations, List<Icon> icons, Map<String, Object> meta) {
    public Resource {
        if (uri == null || uri.isEmpty()) throw new IllegalArgumentException("a resource needs a uri");
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("resource " + uri + " needs a name");
        icons = icons == null ? null : List.copyOf(icons);
    }

    public Resource(String uri, String name, String description, String mimeType) {
        this(uri, name, null, description, mimeType, null, null, null, null);
    }
}
