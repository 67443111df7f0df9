package dev.jmcp.protocol;

import java.util.List;

/** An icon for display (2025-11-25). {@code theme} is {@code light} or {@code dark} or null. */
public record Icon(String src, String mimeType, List<String> sizes, String theme) {
    public Icon {
        if (src == null || src.isEmpty()) throw new IllegalArgumentException("an icon needs a src");
        sizes = sizes == null ? null : List.copyOf(sizes);
    }

    public Icon(String src, String mimeType) {
        this(src, mimeType, null, null);
    }
}
