package dev.jmcp.protocol;

import java.util.Map;

/** Binary resource contents; {@code blob} is base64. */
public record BlobResourceContents(String uri, String mimeType, String blob, Map<String, Object> meta)
        implements ResourceContents {
    public BlobResourceContents {
        if (uri == null || blob == null) throw new IllegalArgumentException("blob resource contents need uri and blob");
    }

    public BlobResourceContents(String uri, String mimeType, String blob) {
        this(uri, mimeType, blob, null);
    }
}
