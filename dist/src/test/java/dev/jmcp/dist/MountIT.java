package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mounts and out-of-process plugins in the shipped distribution: {@code bin/jmcp serve} mounting a second
 * {@code bin/jmcp serve} over stdio (killed and restarted) and over HTTP ({@code -t}), a JAR its settings put in a
 * process of its own, and the native sample libraries served from child processes (crash, hang, replace, delete).
 */
@Timeout(120)
class MountIT {
    private static final Pattern SERVING = Pattern.compile("serving Streamable HTTP at (\\S+);");
    private static final Path NATIVE = Path.of(System.getProperty("jmcp.native-samples",
            "../plugins/native-samples/target/classes/native")).toAbsolutePath();

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    /** A plugin with a tool {@code <prefix>pid} answering its process id, and {@code <prefix>steps} reporting progress. */
    static byte[] pidPlugin(String pkg, String prefix) {
        return PluginJarBuilder.create().plugin(pkg + ".Main", """
                package PKG;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("PREFIXpid", "Answers its process id", null),
                                (args, ctx) -> CallToolResult.text(String.valueOf(ProcessHandle.current().pid())));
                        registrar.tool(new Tool("PREFIXsteps", "Reports three steps", null), (args, ctx) -> {
                            for (int i = 1; i <= 3; i++) ctx.progress(i, 3.0, "step " + i);
                            return CallToolResult.text("stepped");
                        });
                    }
                }
                """.replace("PKG", pkg).replace("PREFIX", prefix)).toBytes();
    }

    private McpClient serve(Path plugins) throws Exception {
        // A stateful session, as before the client negotiated the newest revision by itself.
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(30)).stderr(line -> { })
                .onNotification(notifications::add)
                .stdio(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString()), Map.of());
        open.add(client);
        return client;
    }

    private static List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    private void awaitToolsChanged() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (notifications.poll(100, TimeUnit.MILLISECONDS) instanceof ServerNotification.ListChanged changed
                    && changed.kind() == ServerNotification.Kind.TOOLS) return;
        }
        throw new AssertionError("no tools/list_changed within 30 s");
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void aJmcpChildOverStdioIsServedUnderItsPrefixAndRestartedWhenKilled() throws Exception {
        Path child = Files.createDirectories(work.resolve("child"));
        Files.write(child.resolve("kid.jar"), pidPlugin("kid", ""));
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.writeString(plugins.resolve("kid.mcp.json"), """
                {"command": %s, "args": ["serve", "-p", %s], "prefix": "kid_"}
                """.formatted(json(Distribution.launcher().toString()), json(child.toString())));
        McpClient client = serve(plugins);

        assertThat(toolNames(client)).contains("kid_pid", "kid_steps");
        var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
        assertThat(text(client.callTool("kid_steps", Map.of(), progress::add))).isEqualTo("stepped");
        for (double step = 1; step <= 3; step++) {
            ServerNotification.Progress next = progress.poll(10, TimeUnit.SECONDS);
            assertThat(next).isNotNull();
            assertThat(next.progress()).isEqualTo(step);
        }

        long first = Long.parseLong(text(client.callTool("kid_pid", Map.of())));
        assertThat(ProcessHandle.of(first).orElseThrow().destroyForcibly()).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long next = first;
        while (next == first && System.nanoTime() < deadline) {
            CallToolResult result = client.callTool("kid_pid", Map.of());
            // A call caught by the crash gets one error result; then the restarted child answers.
            if (!result.failed()) next = Long.parseLong(text(result));
        }
        assertThat(next).as("a new child answers").isNotEqualTo(first);
        assertThat(toolNames(client)).contains("kid_pid");

        // A plugin dropped into the child's folder: the child's list change comes on the subscriptions/listen stream
        // the mount keeps open over stdio (2026-07-28), and our client is told in turn.
        notifications.clear();
        Files.write(child.resolve("more.jar"), pidPlugin("more", "more_"));
        awaitToolsChanged();
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!toolNames(client).contains("kid_more_pid") && System.nanoTime() < deadline) Thread.sleep(100);
        assertThat(toolNames(client)).contains("kid_more_pid", "kid_pid");
    }

    @Test
    void aJmcpServingStreamableHttpIsMountedByUrl() throws Exception {
        Path child = Files.createDirectories(work.resolve("child"));
        Files.write(child.resolve("web.jar"), pidPlugin("web", "web_"));
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process http = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-t", "--port",
                String.valueOf(port), "-p", child.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        open.add(() -> {
            http.destroy();
            http.waitFor(10, TimeUnit.SECONDS);
        });
        var serving = new CompletableFuture<URI>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(http.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    var m = SERVING.matcher(line);
                    if (m.find()) serving.complete(URI.create(m.group(1)));
                }
            } catch (IOException e) {
                serving.completeExceptionally(e);
            }
        });
        URI url = serving.get(30, TimeUnit.SECONDS);
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.writeString(plugins.resolve("web.mcp.json"), "{\"url\": " + json(url.toString())
                + ", \"headers\": {\"X-Test\": \"yes\"}}");
        McpClient client = serve(plugins);

        assertThat(toolNames(client)).contains("web_pid");
        assertThat(Long.parseLong(text(client.callTool("web_pid", Map.of())))).isEqualTo(http.pid());
    }

    @Test
    void aJarWhoseSettingsSayProcessRunsInAChildOfItsOwn() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.write(plugins.resolve("inside.jar"), pidPlugin("inside", "inside_"));
        Files.write(plugins.resolve("apart.jar"), pidPlugin("apart", "apart_"));
        Files.writeString(plugins.resolve("apart.jar.json"), "{\"isolation\": \"process\"}");
        McpClient client = serve(plugins);

        assertThat(toolNames(client)).contains("inside_pid", "apart_pid");
        long server = Long.parseLong(text(client.callTool("inside_pid", Map.of())));
        long apart = Long.parseLong(text(client.callTool("apart_pid", Map.of())));
        assertThat(apart).isNotEqualTo(server);
        assertThat(ProcessHandle.of(apart).flatMap(ProcessHandle::parent).map(ProcessHandle::pid)).contains(server);

        // Back in process when the settings go.
        Files.delete(plugins.resolve("apart.jar.json"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (apart != server && System.nanoTime() < deadline) {
            CallToolResult result = client.callTool("apart_pid", Map.of());
            if (!result.failed()) apart = Long.parseLong(text(result));
        }
        assertThat(apart).isEqualTo(server);
    }

    @Test
    void aNativeLibraryRunsInAChildThatCrashesAndHangsAloneAndIsReplacedAndRemoved() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(NATIVE.resolve("libjmcp-sample-tools.so"), plugins.resolve("libswap.so"));
        Files.copy(NATIVE.resolve("libjmcp-test-faulty.so"), plugins.resolve("libfaulty.so"));
        Files.copy(NATIVE.resolve("libjmcp-sample-resources.so"), plugins.resolve("libnotes.so"));
        Files.writeString(plugins.resolve("libfaulty.so.json"), "{\"timeout\": 3}");
        // A second copy of the tools library declares the same names: refused, like a JAR clash.
        Files.copy(NATIVE.resolve("libjmcp-sample-tools.so"), plugins.resolve("libtwin.so"));
        McpClient client = serve(plugins);

        assertThat(toolNames(client)).contains("echo", "count", "crash", "hang", "stats").doesNotHaveDuplicates();
        assertThat(text(client.callTool("echo", Map.of("text", "hi")))).contains("hi");
        assertThat(client.listResources()).extracting(r -> r.uri()).contains("sample:///motto");
        assertThat(client.readResource("sample:///motto").contents()).hasSize(1);
        var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
        assertThat(client.callTool("count", Map.of("steps", 3), progress::add).failed()).isFalse();
        for (int i = 0; i < 3; i++) assertThat(progress.poll(10, TimeUnit.SECONDS)).isNotNull();

        // A crash costs the call one error result naming the plugin; the next call is served by a new child.
        CallToolResult crashed = client.callTool("crash", Map.of("how", "abort"));
        assertThat(crashed.failed()).isTrue();
        assertThat(text(crashed)).contains("faulty", "crashed");
        assertThat(client.callTool("stats", Map.of()).failed()).isFalse();
        assertThat(text(client.callTool("echo", Map.of("text", "still")))).contains("still");

        // The library's own isError is kept; malformed output is an error result.
        assertThat(client.callTool("fail", Map.of()).failed()).isTrue();
        assertThat(client.callTool("malformed", Map.of()).failed()).isTrue();

        // A hung call ends at the user's timeout, and by the client's cancellation; the library serves again.
        CallToolResult hung = client.callTool("hang", Map.of("ms", 600_000));
        assertThat(hung.failed()).isTrue();
        assertThat(text(hung)).contains("did not answer");
        assertThat(client.callTool("stats", Map.of()).failed()).isFalse();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                client.callTool("hang", Map.of("ms", 600_000), null, Duration.ofSeconds(1));
            } catch (Exception e) {
                // the client gave up and cancelled
            }
        });
        assertThat(caller.join(Duration.ofSeconds(20))).isTrue();
        assertThat(client.callTool("stats", Map.of()).failed()).isFalse();

        // Replacing the file runs the new code: the prompts library now answers where the tools were.
        notifications.clear();
        Path swap = plugins.resolve("libswap.so");
        Files.copy(NATIVE.resolve("libjmcp-sample-prompts.so"), work.resolve("next.so"));
        Files.move(work.resolve("next.so"), swap, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        awaitToolsChanged();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (client.listPrompts().isEmpty() && System.nanoTime() < deadline) awaitToolsChanged();
        assertThat(client.listPrompts()).extracting(p -> p.name()).contains("greeting", "summary");
        assertThat(client.getPrompt("summary", Map.of()).messages()).isNotEmpty();

        // The twin, refused before, still is not served twice; deleting a library removes it.
        notifications.clear();
        Files.delete(plugins.resolve("libfaulty.so"));
        awaitToolsChanged();
        assertThat(toolNames(client)).doesNotContain("crash", "hang");
    }

    @Test
    void aNativeLibraryTheUserTrustsIsLoadedIntoTheServersOwnProcess() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(NATIVE.resolve("libjmcp-sample-tools.so"), plugins.resolve("libtrusted.so"));
        Files.writeString(plugins.resolve("libtrusted.so.json"), "{\"isolation\": \"in-process\"}");
        McpClient client = serve(plugins);

        assertThat(toolNames(client)).contains("echo", "count");
        assertThat(text(client.callTool("echo", Map.of("text", "inside")))).contains("inside");
        var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
        assertThat(client.callTool("count", Map.of("steps", 2), progress::add).failed()).isFalse();
        for (int i = 0; i < 2; i++) assertThat(progress.poll(10, TimeUnit.SECONDS)).isNotNull();
        // No child process serves it: the server has none.
        assertThat(ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine()
                .map(line -> line.contains("NativeHostMain") && line.contains("libtrusted")).orElse(false))).isFalse();
    }
}
