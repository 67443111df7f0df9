package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lazy mount in the shipped distribution: {@code bin/jmcp serve} mounting a second {@code bin/jmcp serve} over
 * stdio with {@code "lazy": true}, through a shell that writes a line to a marker file each time it starts the
 * server. The first start lists it once; the next start lists its tools from the cache without starting it, and the
 * first call starts it; a tool the server lost since the cache was written gets a clear error.
 */
@Timeout(180)
class LazyMountIT {
    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    private McpClient serve(Path plugins, Path cache) throws Exception {
        // A stateful session, as before the client negotiated the newest revision by itself.
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(60)).stderr(line -> { })
                .onNotification(notifications::add)
                .stdio(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString(),
                        "--mount-cache", cache.toString()), Map.of());
        open.add(client);
        return client;
    }

    private static List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static long starts(Path marker) throws Exception {
        return Files.exists(marker) ? Files.readAllLines(marker).size() : 0;
    }

    @Test
    void aLazyMountIsListedBeforeItStartsAndStartsOnItsFirstCall() throws Exception {
        Path child = Files.createDirectories(work.resolve("child"));
        Files.write(child.resolve("kid.jar"), MountIT.pidPlugin("kid", ""));
        Path marker = work.resolve("started");
        Path cache = work.resolve("cache");
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        String script = "echo started >> '" + marker + "'; exec '" + Distribution.launcher() + "' serve -p '" + child
                + "'";
        Files.writeString(plugins.resolve("kid.mcp.json"), """
                {"command": "sh", "args": ["-c", %s], "prefix": "kid_", "lazy": true}
                """.formatted(json(script)));

        // No cache yet: the server is started once to learn its manifest.
        McpClient first = serve(plugins, cache);
        assertThat(toolNames(first)).contains("kid_pid", "kid_steps");
        assertThat(starts(marker)).isEqualTo(1);
        first.close();

        // The server lost "steps" and gained "hello" since: the cache still says what it had.
        Files.write(child.resolve("kid.jar"), MountIT.pidPlugin("kid2", "new_"));
        McpClient second = serve(plugins, cache);
        assertThat(toolNames(second)).contains("kid_pid", "kid_steps");
        assertThat(starts(marker)).as("listed from the cache, its server not started").isEqualTo(1);

        CallToolResult removed = second.callTool("kid_steps", Map.of());
        assertThat(starts(marker)).as("started by its first call").isEqualTo(2);
        assertThat(removed.isError()).isTrue();
        assertThat(text(removed)).contains("no longer has a tool 'steps'");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        ServerNotification next = null;
        while (!(next instanceof ServerNotification.ListChanged) && System.nanoTime() < deadline) {
            next = notifications.poll(100, TimeUnit.MILLISECONDS);
        }
        assertThat(next).as("tools/list_changed after the refresh").isInstanceOf(ServerNotification.ListChanged.class);
        assertThat(toolNames(second)).contains("kid_new_pid", "kid_new_steps").doesNotContain("kid_pid");
        assertThat(Long.parseLong(text(second.callTool("kid_new_pid", Map.of())))).isPositive();
        assertThat(starts(marker)).as("one start serves every later call").isEqualTo(2);
    }
}
