package dev.jmcp.server.http;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server started in the background ({@link McpServer#startInBackground}, {@link McpServer#startWhenReady}) over HTTP:
 * {@code /ready} says 503 while its plugins load, {@code initialize} is served meanwhile, and the load may wait for the
 * port. (The background start itself is the server module's {@code BackgroundStartTest}.) A plugin that waits for a
 * file the test writes stands for a slow load.
 */
class ReadinessWhileLoadingTest {
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},\
            "clientInfo":{"name":"t","version":"1"}}}""";

    @TempDir
    Path folder;

    private McpServer server;
    private HttpTransport http;

    @AfterEach
    void close() {
        if (http != null) http.close();
        if (server != null) server.close();
        System.clearProperty("jmcp.test.release");
    }

    private Path slowPlugins() throws Exception {
        Path release = folder.resolve("release");
        System.setProperty("jmcp.test.release", release.toString());
        Path plugins = fastPlugin();
        // Its register() waits until the test lets it go (at most 4 s, within the host's start wait of 5 s).
        plugin("slowstart", """
                var release = java.nio.file.Path.of(System.getProperty("jmcp.test.release"));
                long end = System.nanoTime() + 4_000_000_000L;
                while (!java.nio.file.Files.exists(release) && System.nanoTime() < end) Thread.sleep(20);
                registrar.tool(new Tool("slow", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("late"));
                """).writeTo(plugins.resolve("a-slow.jar"));
        return plugins;
    }

    /** A plugin folder with one plugin that loads at once, serving tool {@code fast}. */
    private Path fastPlugin() throws Exception {
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        plugin("faststart", "registrar.tool(new Tool(\"fast\", \"answers\", Tool.NO_ARGUMENTS), "
                + "(arguments, context) -> CallToolResult.text(\"quick\"));").writeTo(plugins.resolve("b-fast.jar"));
        return plugins;
    }

    private static PluginJarBuilder plugin(String pkg, String registerBody) {
        String source = """
                package %s;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) throws Exception {
                        %s
                    }
                }
                """.formatted(pkg, registerBody);
        return PluginJarBuilder.create().plugin(pkg + ".Main", source);
    }

    @Test
    void overHttpTheReadinessProbeSaysStartingUntilThePluginsAreLoadedWhileInitializeIsServed() throws Exception {
        Path plugins = slowPlugins();
        server = new McpServer(ServerOptions.defaults("background", plugins));
        var loaded = server.startInBackground();
        http = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        http.start();
        var client = HttpClient.newHttpClient();
        URI ready = http.url().resolve("/ready");

        var starting = client.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(starting.statusCode()).isEqualTo(503);
        assertThat(starting.body()).contains("loading plugins");
        var initialize = client.send(HttpRequest.newBuilder(http.url())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(initialize.statusCode()).isEqualTo(200);
        assertThat(initialize.body()).contains("\"protocolVersion\":\"2025-06-18\"");
        assertThat(loaded.ended()).isFalse();

        Files.writeString(folder.resolve("release"), "go");
        assertThat(loaded.await(java.time.Duration.ofSeconds(10))).isTrue();
        assertThat(loaded.failure()).isEmpty();
        var readyNow = client.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(readyNow.statusCode()).isEqualTo(200);
    }

    @Test
    void theLoadCanWaitForThePortWhileRequestsThatNeedThePluginsWaitForTheLoad() throws Exception {
        server = new McpServer(ServerOptions.defaults("background", fastPlugin()));
        var loaded = server.startWhenReady();
        http = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        http.start();
        var client = HttpClient.newHttpClient();

        // Not begun yet, and already counted as loading: what needs the plugins would wait.
        Thread.sleep(300);
        assertThat(loaded.ended()).isFalse();
        assertThat(server.pluginsReady()).isFalse();
        var starting = client.send(HttpRequest.newBuilder(http.url().resolve("/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(starting.statusCode()).isEqualTo(503);

        loaded.begin();
        assertThat(loaded.await(java.time.Duration.ofSeconds(10))).isTrue();
        assertThat(loaded.failure()).isEmpty();
        assertThat(server.catalog().tools()).extracting(t -> t.declaration().name()).contains("fast");
    }
}
