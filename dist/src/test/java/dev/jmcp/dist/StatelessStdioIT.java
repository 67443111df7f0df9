package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The stateless revision 2026-07-28 spoken to the real server over stdio: no initialize, everything in _meta. */
@Timeout(60)
class StatelessStdioIT {
    @TempDir
    Path work;

    private McpProcess server;

    @AfterEach
    void stop() {
        if (server != null) {
            assertThat(server.nonProtocolLines()).isEmpty();
            server.close();
        }
    }

    private static Map<String, Object> params(Map<String, Object> params) {
        var all = new LinkedHashMap<>(params);
        all.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                "io.modelcontextprotocol/clientInfo", Map.of("name", "it", "version", "1"),
                "io.modelcontextprotocol/clientCapabilities", Map.of()));
        return all;
    }

    @SuppressWarnings("unchecked")
    @Test
    void aClientWithoutASessionDiscoversListsCallsAndReads() throws Exception {
        server = Distribution.serve(Distribution.bundledPlugins(), Map.of(), work);
        var discover = server.call("server/discover", params(Map.of()));
        assertThat(discover.get("supportedVersions").toString()).contains("2026-07-28");
        var tools = server.call("tools/list", params(Map.of()));
        assertThat(tools).containsEntry("resultType", "complete").containsKeys("ttlMs", "cacheScope");
        assertThat(((List<Map<String, Object>>) tools.get("tools"))).extracting(t -> t.get("name")).contains("sleep");
        var slept = server.call("tools/call", params(Map.of("name", "sleep", "arguments", Map.of("milliseconds", 5))));
        assertThat(slept.toString()).contains("Slept 5 ms");
        var quote = server.call("resources/read", params(Map.of("uri", "bacio:///quote")));
        assertThat(quote).containsEntry("ttlMs", 0);
        var ping = server.request("ping", params(Map.of()));
        assertThat(ping.get("error").toString()).contains("-32601");
    }
}
