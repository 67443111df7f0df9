package dev.jmcp.protocol;

import java.util.Map;

public record TextResourceContents(String uri, String mimeType, String text, Map<String, Object> meta)
        implements ResourceContents {
    public TextResourceContents {
        if (uri == null || text == null) throw new IllegalArgumentException("text resource contents need uri and text");
    }

    public TextResourceContents(String uri, String mimeType, String text) {
        this(uri, mimeType, text, null);
    }
}
