package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * 2026-07-28: the answer to {@code server/discover}: every revision the server speaks, what it offers (extensions
 * under {@code capabilities.extensions}), and who it is ({@code _meta}). Written as a complete result like any other.
 */
public record DiscoverResult(List<String> supportedVersions, Map<String, Object> capabilities, Map<String, Object> meta) {
    public DiscoverResult {
        supportedVersions = List.copyOf(supportedVersions);
    }
}
