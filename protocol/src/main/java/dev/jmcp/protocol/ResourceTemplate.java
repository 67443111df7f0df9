package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/** A family of resources named by an RFC 6570 URI template, as {@code resources/templates/list} shows it. */
public record ResourceTemplate(String uriTemplate, String name, String title, String description, String mimeType,
                               Annotations annotations, List<Icon> icons, Map<String, Object> meta) {
    public ResourceTemplate {
        if (uriTemplate == null || uriTemplate.isEmpty()) throw new IllegalArgumentException("a template needs a uriTemplate");
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("template " + uriTemplate + " needs a name");
        icons = icons == null ? null : List.copyOf(icons);
    }

    public ResourceTemplate(String uriTemplate, String name, String description, String mimeType) {
        this(uriTemplate, name, null, description, mimeType, null, null, null);
    }
}
