package dev.jmcp.protocol;

import java.util.Map;

/** An image; {@code data} is base64. */
public record ImageContent(String data, String mimeType, Annotations annotations, Map<String, Object> meta)
        implements Content, SamplingContent {
    public ImageContent {
        if (data == null || mimeType == null) throw new IllegalArgumentException("image content needs data and mimeType");
    }

    public ImageContent(String data, String mimeType) {
        this(data, mimeType, null, null);
    }
}
