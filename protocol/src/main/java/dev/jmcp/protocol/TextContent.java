package dev.jmcp.protocol;

import java.util.Map;

public record TextContent(String text, Annotations annotations, Map<String, Object> meta)
        implements Content, SamplingContent {
    public TextContent {
        if (text == null) throw new IllegalArgumentException("text content needs text");
    }

    public TextContent(String text) {
        this(text, null, null);
    }
}
