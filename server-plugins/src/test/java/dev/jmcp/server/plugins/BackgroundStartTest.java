package dev.jmcp.server.plugins;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link McpServer#startInBackground}: the server answers {@code initialize} while its plugins still load, holds every
 * request that needs them until they are loaded, then answers it from all of them, and tells no session that the
 * lists changed (none saw them before). (Over HTTP, {@code /ready} says 503 meanwhile:
 * the HTTP module's {@code ReadinessWhileLoadingTest}.) A plugin that waits for a file
 * the test writes stands for a slow load.
 */
class BackgroundStartTest {
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},\
            "clientInfo":{"name":"t","version":"1"}}}""";

    @TempDir
    Path folder;

    private McpServer server;

    @AfterEach
    void close() {
        if (server != null) server.close();
        System.clearProperty("jmcp.test.release");
    }

    private Path slowPlugins() throws Exception {
        Path release = folder.resolve("release");
        System.setProperty("jmcp.test.release", release.toString());
        Path plugins = fastPlugin();
        // Its register() waits until the test lets it go (at most 4 s, within the host's start wait of 5 s).
        TestPlugins.heldUntilReleased("slowstart", "slow", "late", 4).writeTo(plugins.resolve("a-slow.jar"));
        return plugins;
    }

    /** A plugin folder with one plugin that loads at once, serving tool {@code fast}. */
    private Path fastPlugin() throws Exception {
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        TestPlugins.replying("faststart", "fast", "quick").writeTo(plugins.resolve("b-fast.jar"));
        return plugins;
    }

    @Test
    void initializeIsAnsweredWhileThePluginsLoadAndWhatNeedsThemWaitsForAllOfThem() throws Exception {
        Path plugins = slowPlugins();
        server = new McpServer(ServerOptions.defaults("background", plugins));
        var toServer = new PipedOutputStream();
        var serverIn = new PipedInputStream(toServer, 1 << 16);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        OutputStream serverOut = new LineSink(lines);

        var loaded = server.startInBackground();
        Thread serving = Thread.ofPlatform().daemon().start(() -> {
            try {
                server.serveStdio(serverIn, serverOut);
            } catch (Exception ignored) {
                // ends with the test
            }
        });
        send(toServer, INITIALIZE);
        String initialized = lines.poll(10, TimeUnit.SECONDS);
        assertThat(initialized).contains("\"id\":1").contains("\"protocolVersion\":\"2025-06-18\"");
        assertThat(server.pluginsReady()).as("the slow plugin is still loading").isFalse();
        assertThat(loaded.ended()).isFalse();

        send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
        // ping needs no plugin and is answered at once; tools/list waits for the load.
        assertThat(lines.poll(10, TimeUnit.SECONDS)).contains("\"id\":3");
        assertThat(lines.poll(300, TimeUnit.MILLISECONDS)).as("tools/list before the load ended").isNull();

        Files.writeString(folder.resolve("release"), "go");
        String tools = lines.poll(10, TimeUnit.SECONDS);
        assertThat(tools).contains("\"id\":2").contains("\"slow\"").contains("\"fast\"");
        assertThat(loaded.await(java.time.Duration.ofSeconds(10))).isTrue();
        assertThat(loaded.failure()).isEmpty();
        assertThat(server.pluginsReady()).isTrue();
        send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}");
        assertThat(lines.poll(10, TimeUnit.SECONDS)).as("no list_changed for the first load").contains("\"id\":4");

        toServer.close();
        serving.join(10_000);
        assertThat(serving.isAlive()).isFalse();
        assertThat(lines).isEmpty();
    }

    @Test
    void aCallWaitingForAPluginThatFailsToLoadIsToldThatItFailedAndWhy() throws Exception {
        Path plugins = fastPlugin();
        Path release = folder.resolve("release");
        System.setProperty("jmcp.test.release", release.toString());
        TestPlugins.plugin("brokenstart", """
                var release = java.nio.file.Path.of(System.getProperty("jmcp.test.release"));
                long end = System.nanoTime() + 4_000_000_000L;
                while (!java.nio.file.Files.exists(release) && System.nanoTime() < end) Thread.sleep(20);
                throw new IllegalStateException("the database at db.example is unreachable");
                """).writeTo(plugins.resolve("a-broken.jar"));
        server = new McpServer(ServerOptions.defaults("background", plugins));
        var toServer = new PipedOutputStream();
        var serverIn = new PipedInputStream(toServer, 1 << 16);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        server.startInBackground();
        Thread serving = Thread.ofPlatform().daemon().start(() -> {
            try {
                server.serveStdio(serverIn, new LineSink(lines));
            } catch (Exception ignored) {
                // ends with the test
            }
        });
        send(toServer, INITIALIZE);
        assertThat(lines.poll(10, TimeUnit.SECONDS)).contains("\"id\":1");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"query\"}}");

        Files.writeString(release, "go");
        String answer = lines.poll(15, TimeUnit.SECONDS);
        assertThat(answer).contains("\"id\":2", "Unknown tool", "failed to load", "a-broken.jar",
                "the database at db.example is unreachable");

        toServer.close();
        serving.join(10_000);
    }

    @Test
    void whenThePortCannotOpenNoPluginLoads() throws Exception {
        server = new McpServer(ServerOptions.defaults("background", fastPlugin()));
        var loaded = server.startWhenReady();

        loaded.abandon(new java.net.BindException("Address already in use"));

        assertThat(loaded.ended()).isTrue();
        assertThat(loaded.failure()).containsInstanceOf(java.net.BindException.class);
        assertThat(server.pluginsReady()).isTrue();
        assertThat(server.loadedPlugins()).isEmpty();
        assertThat(server.catalog().tools()).isEmpty();
    }

    /** The server's output, one message per line, into a queue the test polls. */
    private static final class LineSink extends OutputStream {
        private final BlockingQueue<String> lines;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        LineSink(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }
    }

    private static void send(OutputStream out, String line) throws Exception {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
