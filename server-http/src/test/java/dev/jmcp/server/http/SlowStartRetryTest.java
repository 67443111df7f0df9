package dev.jmcp.server.http;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.server.plugins.PluginHost;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.PluginJarBuilder;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plugin whose process is not ready in time is tried again with back-off and served when it comes: here a mount of
 * a server (a real jmcp over HTTP on 127.0.0.1) that is not listening yet when the front starts, as after a reboot
 * where the two start in any order. The front's attempts meet a closed port (not ready), the waits between them double
 * up to the bound, and once the server listens its tools are served with {@code list_changed}. (The back-off's
 * arithmetic is the server module's {@code RetryBackOffTest}.)
 */
@Timeout(90)
class SlowStartRetryTest {
    private static final Pattern NEXT_WAIT = Pattern.compile("trying again in (\\d+) ms");

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    /** A port nothing listens on now (bound and released at once; the upstream binds it later). */
    private static int freePort() throws Exception {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A folder holding a mount of {@code http://127.0.0.1:port/mcp}. */
    private Path frontMounting(int port) throws Exception {
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"http://127.0.0.1:" + port + "/mcp\","
                + " \"prefix\": \"up_\", \"connectTimeout\": 5}");
        return plugins;
    }

    /** The upstream: a jmcp server over HTTP on {@code port}, with one tool, {@code echo}. */
    private HttpTransport upstreamOn(int port) throws Exception {
        Path plugins = Files.createDirectories(work.resolve("upstream"));
        replying("upstream", "echo", "from upstream").writeTo(plugins.resolve("up.jar"));
        var server = new McpServer(ServerOptions.defaults("upstream", plugins));
        server.start();
        open.add(server);
        var transport = new HttpTransport(server, HttpOptions.defaults().withPort(port));
        transport.start();
        open.add(transport);
        return transport;
    }

    @Test
    void theWaitBetweenAttemptsDoublesUpToItsBoundAndTheMountIsServedWhenItsServerComes() throws Exception {
        int port = freePort();
        BlockingQueue<Registry> published = new LinkedBlockingQueue<>();
        var host = new PluginHost(frontMounting(port), Duration.ofMillis(50), published::add);
        host.mountCache(work.resolve("cache"));
        host.retryBackoff(Duration.ofMillis(100), Duration.ofMillis(800));
        open.add(host);
        host.start();
        assertThat(published.poll(10, TimeUnit.SECONDS)).as("the first snapshot").isNotNull()
                .satisfies(first -> assertThat(first.tools()).isEmpty());

        // The waits the host announces (failedPlugins says why and when it tries next), in the order they come.
        var waits = new ArrayList<Long>();
        long boundSeenAt = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (System.nanoTime() < deadline) {
            String why = host.failedPlugins().get(work.resolve("front").resolve("up.mcp.json").toAbsolutePath());
            if (why != null) {
                Matcher matcher = NEXT_WAIT.matcher(why);
                assertThat(matcher.find()).as("says when it tries next: " + why).isTrue();
                long wait = Long.parseLong(matcher.group(1));
                if (waits.isEmpty() || waits.getLast() != wait) waits.add(wait);
                if (wait == 800 && boundSeenAt == 0) boundSeenAt = System.nanoTime();
            }
            // Past the bound, at least two more attempts (800 ms apart; an unbounded back-off would say 1600 next).
            if (boundSeenAt != 0 && System.nanoTime() - boundSeenAt > TimeUnit.MILLISECONDS.toNanos(2500)) break;
            assertThat(published.poll(10, TimeUnit.MILLISECONDS)).as("nothing served while down").isNull();
        }
        assertThat(boundSeenAt).as("the wait reached its bound; waits seen: " + waits).isNotZero();
        assertThat(waits).as("waits grow, and stop at the bound").isSorted().endsWith(800L)
                .allSatisfy(wait -> assertThat(wait).isBetween(100L, 800L));
        assertThat(waits.size()).as("distinct waits seen: " + waits).isGreaterThanOrEqualTo(3);

        upstreamOn(port);
        Registry served = published.poll(20, TimeUnit.SECONDS);
        assertThat(served).as("a snapshot once the server listens").isNotNull();
        assertThat(call(served, "up_echo")).isEqualTo("from upstream");
        assertThat(host.failedPlugins()).isEmpty();
    }

    @Test
    void aClientIsToldTheListChangedWhenASlowMountedServerComes() throws Exception {
        int port = freePort();
        var front = new McpServer(new ServerOptions("front", "1", frontMounting(port), 100, 4 << 20, 100,
                Duration.ofMillis(50)).withMountCache(work.resolve("cache")));
        front.start();
        open.add(front);
        var http = new HttpTransport(front, HttpOptions.defaults().withPort(0));
        http.start();
        open.add(http);
        BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();
        McpClient client = McpClient.builder().onNotification(notifications::add)
                .protocolVersion(dev.jmcp.protocol.ProtocolVersion.V2025_11_25).http(http.url());
        open.add(client);
        assertThat(client.listTools()).isEmpty();
        assertThat(front.failedPlugins().values()).singleElement().asString().contains("trying again in");

        upstreamOn(port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean changed = false;
        while (!changed && System.nanoTime() < deadline) {
            changed = notifications.poll(100, TimeUnit.MILLISECONDS) instanceof ServerNotification.ListChanged c
                    && c.kind() == ServerNotification.Kind.TOOLS;
        }
        assertThat(changed).as("tools/list_changed within 30 s of the server listening").isTrue();
        assertThat(client.listTools()).extracting(Tool::name).containsExactly("up_echo");
        assertThat(front.failedPlugins()).isEmpty();
    }

    /** A plugin with one tool, {@code tool}, that answers {@code reply}. */
    private static PluginJarBuilder replying(String pkg, String tool, String reply) {
        String source = """
                package %s;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("%s", "answers", Tool.NO_ARGUMENTS),
                                (arguments, context) -> CallToolResult.text("%s"));
                    }
                }
                """.formatted(pkg, tool, reply);
        return PluginJarBuilder.create().plugin(pkg + ".Main", source);
    }

    /** Calls {@code tool} of {@code registry} the way the engine does (entering its owner) and returns its text. */
    private static String call(Registry registry, String tool) throws Exception {
        ToolEntry entry = registry.tool(tool).orElseThrow(() -> new AssertionError("no tool " + tool));
        assertThat(entry.owner().enter()).as("entering the owner of %s", tool).isTrue();
        try {
            return ((TextContent) entry.handler().call(Map.of(), RecordingContext.plain()).content().getFirst()).text();
        } finally {
            entry.owner().exit();
        }
    }
}
