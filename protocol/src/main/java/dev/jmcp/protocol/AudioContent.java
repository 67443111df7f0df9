package dev.jmcp.protocol;

import java.util.Map;

/** Audio (2025-03-26); {@code data} is base64. */
public record AudioContent(String data, String mimeType, Annotations annotations, Map<String, Object> meta)
        implements Content, SamplingContent {
    public AudioContent {
        if (data == null || mimeType == null) throw new IllegalArgumentException("audio content needs data and mimeType");
    }

    public AudioContent(String data, String mimeType) {
        this(data, mimeType, null, null);
    }
}
