package dev.jmcp.protocol;

import java.util.List;
import java.util.Map;

/**
 * 2026-07-28: the answer to {@code server/discover}: every revision the server speaks, what it offers (extensions
 * under {@code capabilities.extensions}), its instructions, and who it is ({@code _meta}'s {@link #SERVER_INFO}; a
 * top-level {@code serverInfo}, which early servers sent, is read too). Written as a complete result like any other.
 * Client and server both use it.
 */
public record DiscoverResult(List<String> supportedVersions, Map<String, Object> capabilities, Implementation serverInfo,
                             String instructions, Map<String, Object> meta) {
    /** The {@code _meta} entry naming the server. */
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    public DiscoverResult {
        supportedVersions = supportedVersions == null ? null : List.copyOf(supportedVersions);
    }

    /** What a server writes: who it is goes in {@code _meta}, as the revision says. */
    public DiscoverResult(List<String> supportedVersions, Map<String, Object> capabilities, String instructions,
                          Implementation server) {
        this(supportedVersions, capabilities, null, instructions, Map.of(SERVER_INFO, Map.of("name", server.name(),
                "version", server.version())));
    }
}
