package dev.jmcp.client;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.json.JsonCodec;

import java.util.List;
import java.util.Map;

/**
 * The answer to {@code server/discover} (2026-07-28 on): the revisions the server speaks, its capabilities and who it
 * is ({@code serverInfo}, or {@code io.modelcontextprotocol/serverInfo} in {@code _meta}). Immutable.
 */
record DiscoverResult(List<String> supportedVersions, Map<String, Object> capabilities, Implementation serverInfo,
                      String instructions, Map<String, Object> meta) {
    private static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    /** The server's identity as the {@code _meta} entry gives it, or null. */
    Implementation metaServerInfo() {
        if (meta == null || !(meta.get(SERVER_INFO) instanceof Map<?, ?> info)) return null;
        try {
            return JsonCodec.shared().fromTree(info, Implementation.class);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
