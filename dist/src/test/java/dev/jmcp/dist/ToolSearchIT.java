package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.McpErrorException;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tool search in the shipped distribution ({@code bin/jmcp serve --tool-search}, the real search module from
 * {@code lib/tool-search/}): a JAR's, a native library's and a mounted server's tools found, a plugin dropped in found
 * and gone when removed, activate mode over stdio and HTTP, {@code call_tool} with progress and cancellation, and bad
 * input.
 */
@Timeout(180)
class ToolSearchIT {
    private static final Path NATIVE = Path.of(System.getProperty("jmcp.native-samples",
            "../plugins/native-samples/target/classes/native")).toAbsolutePath();

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    enum Wire { STDIO, HTTP }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    /** weather.jar and sleep.jar, the C sample tools library, and a jmcp child mounted under {@code kid_}. */
    private Path plugins() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        for (String jar : List.of("weather.jar", "sleep.jar")) {
            Files.copy(Distribution.bundledPlugins().resolve(jar), plugins.resolve(jar));
        }
        Files.copy(NATIVE.resolve("libjmcp-sample-tools.so"), plugins.resolve("libsample.so"));
        Path child = Files.createDirectories(work.resolve("child"));
        Files.write(child.resolve("kid.jar"), MountIT.pidPlugin("kid", ""));
        Files.writeString(plugins.resolve("kid.mcp.json"), """
                {"command": %s, "args": ["serve", "-p", %s], "prefix": "kid_"}
                """.formatted(json(Distribution.launcher().toString()), json(child.toString())));
        return plugins;
    }

    private McpClientBuilder builder() {
        // A stateful session, as before the client negotiated the newest revision by itself.
        return McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(60)).stderr(line -> { })
                .onNotification(notifications::add);
    }

    /** Waits until the native library and the mounted server, which load beside the JARs, are searchable. */
    private static McpClient loaded(McpClient client) throws Exception {
        awaitFound(client, "count steps progress", "count");
        awaitFound(client, "process id", "kid_pid");
        return client;
    }

    private McpClient serve(Path plugins, String... options) throws Exception {
        var command = new ArrayList<>(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString()));
        command.addAll(List.of(options));
        McpClient client = builder().stdio(command, Map.of());
        open.add(client);
        return client;
    }

    private McpClient serve(Wire wire, Path plugins, String... options) throws Exception {
        if (wire == Wire.STDIO) return serve(plugins, options);
        var args = new ArrayList<>(List.of("--port", "0", "-p", plugins.toString()));
        args.addAll(List.of(options));
        var server = Distribution.serveHttp(args, Map.of());
        open.add(server);
        McpClient client = builder().http(server.url());
        open.add(client);
        return client;
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> found(CallToolResult result) {
        assertThat(result.isError()).as(() -> text(result)).isNotEqualTo(Boolean.TRUE);
        return (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent()).get("tools");
    }

    private static List<String> search(McpClient client, String query, int limit) throws Exception {
        return found(client.callTool("search_tools", Map.of("query", query, "limit", limit))).stream()
                .map(t -> (String) t.get("name")).toList();
    }

    private static List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    /** Waits (30 s at most) until {@code query} finds {@code name} among its first {@code limit}. */
    private static void awaitFound(McpClient client, String query, String name) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!search(client, query, 10).contains(name)) {
            assertThat(System.nanoTime()).as("'%s' finds %s", query, name).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private void awaitToolsChanged() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (notifications.poll(100, TimeUnit.MILLISECONDS) instanceof ServerNotification.ListChanged changed
                    && changed.kind() == ServerNotification.Kind.TOOLS) return;
        }
        throw new AssertionError("no tools/list_changed within 30 s");
    }

    @Test
    void searchFindsAJarToolANativeToolAndAMountedServersToolWithTheShippedModel() throws Exception {
        McpClient client = serve(plugins(), "--tool-search");
        assertThat(toolNames(client)).containsExactly("call_tool", "search_tools");
        loaded(client);

        assertThat(search(client, "weather forecast for a city", 3).getFirst()).isEqualTo("get_weather");
        assertThat(search(client, "count steps and report progress", 3)).contains("count");
        assertThat(search(client, "its process id", 3)).contains("kid_pid");
        var weather = found(client.callTool("search_tools", Map.of("query", "weather forecast"))).getFirst();
        assertThat(weather).containsKeys("name", "description", "inputSchema");
        // What search found runs through call_tool and answers as a direct call does.
        assertThat(text(client.callTool("call_tool", Map.of("name", "echo", "arguments", Map.of("text", "hi")))))
                .isEqualTo(text(client.callTool("echo", Map.of("text", "hi"))));
    }

    @Test
    void aCallThroughCallToolIsLoggedAsTheToolItRanAndLuceneWritesNothingOfItsOwnOnStandardError() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(Distribution.bundledPlugins().resolve("sleep.jar"), plugins.resolve("sleep.jar"));
        var stderr = new java.util.concurrent.ConcurrentLinkedQueue<String>();
        McpClient client = McpClient.builder().requestTimeout(Duration.ofSeconds(60)).stderr(stderr::add)
                .stdio(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString(), "--tool-search",
                        "--log-calls"), Map.of());
        open.add(client);
        awaitFound(client, "wait a few milliseconds", "sleep");
        CallToolResult slept = client.callTool("call_tool", Map.of("name", "sleep", "arguments",
                Map.of("milliseconds", 1)));
        assertThat(slept.isError()).as(() -> text(slept)).isNotEqualTo(Boolean.TRUE);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (stderr.stream().noneMatch(line -> line.contains("via=call_tool"))) {
            assertThat(System.nanoTime()).as("a call line with via=call_tool in:\n" + String.join("\n", stderr))
                    .isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(stderr).as(String.join("\n", stderr))
                .anyMatch(line -> line.contains("call method=tools/call target=sleep via=call_tool plugin=sleep"))
                .noneMatch(line -> line.contains("target=call_tool"))
                // Lucene's java.util.logging note about the JDK's Vector API went to the log at DEBUG.
                .noneMatch(line -> line.contains("incubator") || line.contains("Vector API"));
    }

    @Test
    void pinnedToolsAreListedBesideTheMetaTools() throws Exception {
        McpClient client = loaded(serve(plugins(), "--tool-search", "--tool-search-model", "none", "--pin-tool",
                "sleep", "--pin-tool", "kid_*"));
        assertThat(toolNames(client)).containsExactly("call_tool", "kid_pid", "kid_steps", "search_tools", "sleep");
    }

    @Test
    void aPluginDroppedInIsFoundAtOnceAndGoneWhenRemoved() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        McpClient client = serve(plugins, "--tool-search", "--tool-search-model", "none");
        assertThat(search(client, "zebra stripes", 5)).isEmpty();
        byte[] jar = PluginJarBuilder.create().plugin("zebra.Main", """
                package zebra;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("count_stripes", "Counts the stripes of a zebra", null),
                                (args, ctx) -> CallToolResult.text("42"));
                    }
                }
                """).toBytes();
        Files.write(work.resolve("zebra.jar"), jar);
        long dropped = System.nanoTime();
        Files.move(work.resolve("zebra.jar"), plugins.resolve("zebra.jar"), StandardCopyOption.ATOMIC_MOVE);
        awaitToolsChanged();
        // The index is updated before clients are told: the first search after the notification finds it.
        assertThat(search(client, "zebra stripes", 5)).containsExactly("count_stripes");
        long foundAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - dropped);
        System.out.println("ToolSearchIT: a dropped-in plugin was found " + foundAfter + " ms after the file appeared "
                + "(300 ms of it the reload's settling time)");
        // A bound for a loaded build machine; the figure printed above is what it took here.
        assertThat(foundAfter).isLessThan(60_000);
        assertThat(text(client.callTool("call_tool", Map.of("name", "count_stripes")))).isEqualTo("42");

        Files.delete(plugins.resolve("zebra.jar"));
        awaitToolsChanged();
        assertThat(search(client, "zebra stripes", 5)).isEmpty();
        assertThatThrownBy(() -> client.callTool("call_tool", Map.of("name", "count_stripes")))
                .isInstanceOfSatisfying(McpErrorException.class, e -> assertThat(e.code()).isEqualTo(-32602))
                .hasMessageContaining("Unknown tool: 'count_stripes'");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void activateModeSendsListChangedAndTheNextListHoldsTheFoundTools(Wire wire) throws Exception {
        McpClient client = serve(wire, plugins(), "--tool-search=activate", "--tool-search-model", "none",
                "--active-tools", "1");
        assertThat(toolNames(client)).containsExactly("call_tool", "search_tools");
        notifications.clear();
        assertThat(search(client, "weather forecast", 1)).containsExactly("get_weather");
        awaitToolsChanged();
        assertThat(toolNames(client)).containsExactly("call_tool", "get_weather", "search_tools");
        assertThat(search(client, "sleep milliseconds", 1)).containsExactly("sleep");
        awaitToolsChanged();
        // At most one: the least recently used (get_weather) went.
        assertThat(toolNames(client)).containsExactly("call_tool", "search_tools", "sleep");
    }

    @Test
    void callToolCarriesProgressAndCancellation() throws Exception {
        McpClient client = loaded(serve(plugins(), "--tool-search", "--tool-search-model", "none"));
        var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
        var counted = client.callTool("call_tool", Map.of("name", "count", "arguments", Map.of("steps", 3)),
                progress::add);
        assertThat(counted.isError()).isNotEqualTo(Boolean.TRUE);
        assertThat(progress).extracting(ServerNotification.Progress::progress).containsExactly(1.0, 2.0, 3.0);
        progress.clear();
        assertThat(text(client.callTool("call_tool", Map.of("name", "kid_steps"), progress::add))).isEqualTo("stepped");
        assertThat(progress).hasSize(3);

        var thrown = new AtomicReference<Throwable>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                client.callTool("call_tool", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 60_000)));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (caller.getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("the call is waiting for its answer").isLessThan(deadline);
            Thread.onSpinWait();
        }
        caller.interrupt();
        assertThat(caller.join(Duration.ofSeconds(5))).isTrue();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(text(client.callTool("call_tool", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)))))
                .isEqualTo("Slept 1 ms.");
    }

    @Test
    void badInputGetsClearErrorsAndTheServerAndIndexStaySound() throws Exception {
        McpClient client = loaded(serve(plugins(), "--tool-search", "--tool-search-model", "none"));
        for (Map<String, Object> arguments : List.<Map<String, Object>>of(Map.of("query", ""), Map.of("query", "   "),
                Map.of("query", "x".repeat(100 * 1024)), Map.of("query", "weather", "limit", 0),
                Map.of("query", "weather", "limit", -1), Map.of("query", "weather", "limit", 1_000_000_000),
                Map.of("query", "weather", "limit", "5"), Map.of("limit", 5))) {
            var answer = client.callTool("search_tools", arguments);
            assertThat(answer.isError()).isTrue();
            assertThat(text(answer)).startsWith("Invalid arguments for tool 'search_tools': ").hasSizeLessThan(300);
        }
        assertThat(text(client.callTool("call_tool", Map.of("name", "echo", "arguments", "text")))).startsWith(
                "Invalid arguments for tool 'call_tool': ");
        assertThat(text(client.callTool("call_tool", Map.of("name", "echo", "arguments", Map.of()))))
                .isEqualTo(text(client.callTool("echo", Map.of())));
        assertThatThrownBy(() -> client.callTool("call_tool", Map.of("name", "no_such_tool")))
                .isInstanceOfSatisfying(McpErrorException.class, e -> assertThat(e.code()).isEqualTo(-32602))
                .hasMessageContaining("Unknown tool: 'no_such_tool'");

        // The mounted server dies while searches run: each is answered, and it is found again once restarted.
        long pid = Long.parseLong(text(client.callTool("call_tool", Map.of("name", "kid_pid"))));
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        for (int i = 0; i < 20; i++) search(client, "process id", 5);
        awaitFound(client, "process id", "kid_pid");
        assertThat(search(client, "weather forecast", 1)).containsExactly("get_weather");
    }

    @Test
    void aWrongModeOrModelStopsTheStartWithAMessage() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        var process = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-p", plugins.toString(),
                "--tool-search", "--tool-search-model", work.resolve("missing.onnx").toString())
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stderr = new String(process.getErrorStream().readAllBytes());
        assertThat(process.exitValue()).as(stderr).isEqualTo(1);
        assertThat(stderr).contains("Cannot serve tool search", "missing.onnx");
        assertThat(process.getInputStream().readAllBytes()).isEmpty();

        var wrong = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-p", plugins.toString());
        wrong.environment().put("JMCP_TOOL_SEARCH", "maybe");
        Process refused = wrong.start();
        assertThat(refused.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isEqualTo(2);
        assertThat(new String(refused.getErrorStream().readAllBytes())).contains("JMCP_TOOL_SEARCH is on, activate or off");
    }
}
