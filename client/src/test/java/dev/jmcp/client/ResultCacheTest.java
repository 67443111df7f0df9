package dev.jmcp.client;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** A stateless client reuses what the server said it may, for as long as it said, and never past a change. */
@Timeout(20)
class ResultCacheTest {
    private final AtomicInteger toolLists = new AtomicInteger();
    private final AtomicInteger reads = new AtomicInteger();

    private ScriptedServer statelessServer(long toolsTtlMs) {
        return new ScriptedServer()
                .on("server/discover", r -> ScriptedServer.result(r, Map.of("supportedVersions",
                        List.of("2026-07-28"), "capabilities", Map.of("tools", Map.of(), "resources", Map.of()),
                        "serverInfo", Map.of("name", "scripted", "version", "1"), "resultType", "complete")))
                .on("tools/list", r -> ScriptedServer.result(r, Map.of("tools", List.of(Map.of("name",
                        "t" + toolLists.incrementAndGet(), "inputSchema", Map.of("type", "object"))),
                        "resultType", "complete", "ttlMs", toolsTtlMs, "cacheScope", "public")))
                .on("resources/read", r -> ScriptedServer.result(r, Map.of("contents", List.of(Map.of("uri",
                        r.params().get("uri"), "text", "read " + reads.incrementAndGet())), "resultType", "complete",
                        "ttlMs", 60_000, "cacheScope", "private")));
    }

    @Test
    void aListingIsReusedWhileFreshAndAskedAgainOnceItsTimeToLivePassed() throws Exception {
        var server = statelessServer(300);
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2026_07_28).connect(server)) {
            assertThat(client.listTools().getFirst().name()).isEqualTo("t1");
            assertThat(client.listTools().getFirst().name()).as("fresh: not asked again").isEqualTo("t1");
            assertThat(toolLists).hasValue(1);
            Thread.sleep(400);
            assertThat(client.listTools().getFirst().name()).as("stale after 300 ms").isEqualTo("t2");
        }
    }

    @Test
    void aResultWithoutATimeToLiveOrWithZeroIsNeverReused() throws Exception {
        var server = statelessServer(0);
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2026_07_28).connect(server)) {
            client.listTools();
            client.listTools();
            assertThat(toolLists).hasValue(2);
        }
    }

    @Test
    void readsAreKeyedByTheirUriAndAChangeNotificationMakesTheResultStale() throws Exception {
        var server = statelessServer(60_000);
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2026_07_28).connect(server)) {
            assertThat(client.readResource("demo://a").contents().toString()).contains("read 1");
            assertThat(client.readResource("demo://b").contents().toString()).as("another uri, another key")
                    .contains("read 2");
            assertThat(client.readResource("demo://a").contents().toString()).contains("read 1");
            client.listTools();
            server.inbound.message(new JsonRpcNotification("notifications/resources/updated", Map.of("uri", "demo://a")));
            server.inbound.message(new JsonRpcNotification("notifications/tools/list_changed", null));
            assertThat(client.readResource("demo://a").contents().toString()).contains("read 3");
            assertThat(client.readResource("demo://b").contents().toString()).as("not the one that changed")
                    .contains("read 2");
            assertThat(client.listTools().getFirst().name()).isEqualTo("t2");
        }
        long sent = server.all.stream().filter(m -> m instanceof JsonRpcRequest r && r.method().equals("resources/read"))
                .count();
        assertThat(sent).isEqualTo(3);
    }

    @Test
    void aStatefulSessionCachesNothing() throws Exception {
        var server = statelessServer(60_000);
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2025_11_25).connect(server)) {
            client.listTools();
            client.listTools();
            assertThat(toolLists).hasValue(2);
        }
    }
}
