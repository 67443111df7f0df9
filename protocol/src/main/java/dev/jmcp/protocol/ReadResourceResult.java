package dev.jmcp.protocol;

import java.util.List;

/** The result of {@code resources/read}. */
public record ReadResourceResult(List<ResourceContents> contents) {
    public ReadResourceResult {
        contents = contents == null ? List.of() : List.copyOf(contents);
    }

    public static ReadResourceResult text(String uri, String mimeType, String text) {
        return new ReadResourceResult(List.of(new TextResourceContents(uri, mimeType, text)));
    }
}
