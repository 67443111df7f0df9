package dev.jmcp.server.http;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A jmcp server ("front") mounting another jmcp server ("upstream") over real Streamable HTTP on 127.0.0.1, driven
 * by jmcp's own client: what the upstream's plugin offers is served by the front under a prefix, with progress, log
 * messages, cancellation, elicitation and sampling passed through, and the mount follows its file.
 */
@Timeout(60)
class MountTest {
    /** Added to a mount's entry: the mount speaks 2025-11-25 to its server instead of 2026-07-28. */
    private static final String PINNED_TO_2025 = ", \"protocolVersion\": \"2025-11-25\"";

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
        System.getProperties().remove("mount-test.slow-started");
        System.getProperties().remove("mount-test.slow-interrupted");
    }

    static byte[] upstreamPlugin(String extraTool) {
        return PluginJarBuilder.create().plugin("up.Main", """
                package up;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;
                import java.time.Duration;
                import java.util.Map;
                import java.util.concurrent.CountDownLatch;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        var text = Map.<String, Object>of("type", "object", "properties",
                                Map.of("text", Map.of("type", "string")), "required", java.util.List.of("text"));
                        registrar.tool(new Tool("echo", "Echoes", text),
                                (args, ctx) -> CallToolResult.text("upstream echo: " + args.get("text")));
                        registrar.tool(new Tool("report", "Reports progress and logs", null), (args, ctx) -> {
                            for (int i = 1; i <= 3; i++) ctx.progress(i, 3.0, "step " + i);
                            ctx.log(LoggingLevel.WARNING, "upstream", "all steps done");
                            return CallToolResult.text("reported");
                        });
                        registrar.tool(new Tool("ask", "Asks the user and the model", null), (args, ctx) -> {
                            ElicitResult who = ctx.elicit(ElicitRequest.form("Who are you?", Map.of("type", "object",
                                    "properties", Map.of("name", Map.of("type", "string")))), Duration.ofSeconds(20));
                            CreateMessageResult said = ctx.sample(new CreateMessageRequest("Say hi", 10),
                                    Duration.ofSeconds(20));
                            return CallToolResult.text(who.action() + " " + who.content().get("name") + " / "
                                    + said.text());
                        });
                        registrar.tool(new Tool("slow", "Waits until cancelled", null), (args, ctx) -> {
                            ((CountDownLatch) System.getProperties().get("mount-test.slow-started")).countDown();
                            try {
                                new CountDownLatch(1).await();
                            } catch (InterruptedException e) {
                                ((CountDownLatch) System.getProperties().get("mount-test.slow-interrupted")).countDown();
                                throw e;
                            }
                            return CallToolResult.text("never");
                        });
                        registrar.prompt(new Prompt("greeting", "Greets", java.util.List.of(
                                new PromptArgument("name", "who", true))),
                                (args, ctx) -> new GetPromptResult("greeting", java.util.List.of(
                                        PromptMessage.user("Hello " + args.get("name")))));
                        registrar.tool(new Tool("touch", "Says the note changed", null), (args, ctx) -> {
                            ctx.resourceUpdated("mem://note");
                            return CallToolResult.text("touched");
                        });
                        registrar.resource(new Resource("mem://note", "note", "A note", "text/plain"),
                                (uri, ctx) -> ReadResourceResult.text(uri, "text/plain", "the note"));
                        EXTRA
                    }
                }
                """.replace("EXTRA", extraTool)).toBytes();
    }

    private McpServer server(Path plugins) {
        var defaults = ServerOptions.defaults("mount-test", plugins);
        var server = new McpServer(new ServerOptions(defaults.name(), defaults.version(), plugins, defaults.pageSize(),
                defaults.maxMessageBytes(), defaults.maxPendingRequests(), Duration.ofMillis(100)));
        server.start();
        open.add(server);
        return server;
    }

    private HttpTransport http(McpServer server) throws Exception {
        var transport = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        transport.start();
        open.add(transport);
        return transport;
    }

    private McpClient client(HttpTransport front) throws Exception {
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .onElicitation(request -> new ElicitResult("accept", Map.of("name", "Ada")))
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT, new TextContent("hi from the model"),
                        "test-model", "endTurn"))
                .onNotification(notifications::add)
                .http(front.url());
        open.add(client);
        return client;
    }

    private List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    private void awaitToolsChanged() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            ServerNotification next = notifications.poll(100, TimeUnit.MILLISECONDS);
            if (next instanceof ServerNotification.ListChanged changed
                    && changed.kind() == ServerNotification.Kind.TOOLS) return;
        }
        throw new AssertionError("no tools/list_changed within 20 s");
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    /**
     * An upstream server over HTTP whose plugin has {@code extraTool} too, and the folder of a front mounting it by
     * URL, with {@code pinned} added to the mount's entry.
     */
    private Path frontMountingUpstreamWith(String extraTool, String pinned) throws Exception {
        Path upstreamPlugins = Files.createDirectories(work.resolve("upstream"));
        Files.write(upstreamPlugins.resolve("up.jar"), upstreamPlugin(extraTool));
        HttpTransport upstream = http(server(upstreamPlugins));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"" + pinned + "}");
        return plugins;
    }

    private Path upstreamFolder() throws Exception {
        Path folder = Files.createDirectories(work.resolve("upstream"));
        Files.write(folder.resolve("up.jar"), upstreamPlugin(""));
        return folder;
    }

    @Test
    void aMountedServersToolsPromptsAndResourcesAreServedUnderItsPrefix() throws Exception {
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), """
                {"url": "%s", "prefix": "up_"}""".formatted(upstream.url()));
        McpClient client = client(http(server(plugins)));

        assertThat(toolNames(client)).containsExactlyInAnyOrder("up_echo", "up_report", "up_ask", "up_slow",
                "up_touch");
        assertThat(text(client.callTool("up_echo", Map.of("text", "hello")))).isEqualTo("upstream echo: hello");
        assertThat(client.getPrompt("up_greeting", Map.of("name", "Bob")).messages()).hasSize(1);
        assertThat(client.readResource("mem://note").contents()).hasSize(1);
        // Arguments are checked against the mounted tool's own schema, as for a JAR tool.
        assertThat(client.callTool("up_echo", Map.of()).isError()).isTrue();
    }

    @Test
    void progressLogMessagesElicitationAndSamplingTravelThroughTheMount() throws Exception {
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"}");
        McpClient client = client(http(server(plugins)));
        client.setLogLevel(LoggingLevel.INFO);

        var progress = new CopyOnWriteArrayList<Double>();
        assertThat(text(client.callTool("report", Map.of(), p -> progress.add(p.progress())))).isEqualTo("reported");
        // Before the result, in order, through both clients: the mount's, passing it on, and ours.
        assertThat(progress).containsExactly(1.0, 2.0, 3.0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ServerNotification log = null;
        while (!(log instanceof ServerNotification.LogMessage) && System.nanoTime() < deadline) {
            log = notifications.poll(100, TimeUnit.MILLISECONDS);
        }
        assertThat(log).isInstanceOfSatisfying(ServerNotification.LogMessage.class,
                m -> assertThat(m.data()).isEqualTo("all steps done"));

        assertThat(text(client.callTool("ask", Map.of()))).isEqualTo("accept Ada / hi from the model");
    }

    @Test
    void theMountedServersResourceUpdatesReachSubscribers() throws Exception {
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"}");
        McpClient client = client(http(server(plugins)));
        client.subscribe("mem://note");

        assertThat(text(client.callTool("touch", Map.of()))).isEqualTo("touched");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ServerNotification next = null;
        while (!(next instanceof ServerNotification.ResourceUpdated) && System.nanoTime() < deadline) {
            next = notifications.poll(100, TimeUnit.MILLISECONDS);
        }
        assertThat(next).isEqualTo(new ServerNotification.ResourceUpdated("mem://note"));
    }

    @Test
    void concurrentCallsThroughOneMountEachGetTheirOwnAnswer() throws Exception {
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"}");
        McpClient client = client(http(server(plugins)));

        var answers = new java.util.concurrent.ConcurrentHashMap<Integer, String>();
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < 16; i++) {
            int n = i;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    answers.put(n, text(client.callTool("echo", Map.of("text", "call " + n))));
                } catch (Exception e) {
                    answers.put(n, e.toString());
                }
            }));
        }
        for (Thread thread : threads) assertThat(thread.join(Duration.ofSeconds(30))).isTrue();
        for (int i = 0; i < 16; i++) assertThat(answers.get(i)).isEqualTo("upstream echo: call " + i);
    }

    /** In 2026-07-28 (the default), and in 2025-11-25, where the question comes on its call's Streamable HTTP stream. */
    @ParameterizedTest
    @ValueSource(strings = {"", PINNED_TO_2025})
    void eachQuestionOfTheMountedServerReachesTheCallThatAskedIt(String pinned) throws Exception {
        Path plugins = frontMountingUpstreamWith("""
                registrar.tool(new Tool("whoami", "Asks the user who this call is", null), (args, ctx) -> {
                    ElicitResult said = ctx.elicit(ElicitRequest.form("call " + args.get("n"), Map.of("type", "object",
                            "properties", Map.of("name", Map.of("type", "string")))), Duration.ofSeconds(20));
                    return CallToolResult.text(args.get("n") + " is " + said.content().get("name"));
                });
                """, pinned);
        int calls = 8;
        var allAsked = new CountDownLatch(calls);
        var callers = new java.util.concurrent.ConcurrentHashMap<String, Thread>();
        // The user answers each question with what it asked, once every call is waiting for its answer (so the calls
        // overlap), and says whether it came with the call it is about: the front sends it on that call's stream.
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .onElicitation(request -> {
                    allAsked.countDown();
                    try {
                        allAsked.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    boolean ownCall = McpClient.requestingThread() == callers.get(request.message());
                    return new ElicitResult("accept", Map.of("name", request.message()
                            + (ownCall ? "" : " (asked through another call)")));
                })
                .http(http(server(plugins)).url());
        open.add(client);

        var answers = new java.util.concurrent.ConcurrentHashMap<Integer, String>();
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < calls; i++) {
            int n = i;
            threads.add(Thread.ofVirtual().start(() -> {
                callers.put("call " + n, Thread.currentThread());
                try {
                    answers.put(n, text(client.callTool("whoami", Map.of("n", n))));
                } catch (Exception e) {
                    answers.put(n, e.toString());
                }
            }));
        }
        for (Thread thread : threads) assertThat(thread.join(Duration.ofSeconds(30))).isTrue();
        for (int i = 0; i < calls; i++) assertThat(answers.get(i)).isEqualTo(i + " is call " + i);
    }

    /** Two clients call at once; each gets the log messages of its own call only. */
    @ParameterizedTest
    @ValueSource(strings = {"", PINNED_TO_2025})
    void aLogMessageOfTheMountedServerReachesTheClientOfTheCallItCameWith(String pinned) throws Exception {
        Path plugins = frontMountingUpstreamWith("""
                registrar.tool(new Tool("logme", "Logs who called, while another call runs", null), (args, ctx) -> {
                    Thread.sleep(300);
                    ctx.log(LoggingLevel.WARNING, "upstream", "log of " + args.get("who"));
                    Thread.sleep(300);
                    return CallToolResult.text("logged");
                });
                """, pinned);
        HttpTransport front = http(server(plugins));
        var logs = new java.util.concurrent.ConcurrentHashMap<String, java.util.Queue<Object>>();
        var threads = new ArrayList<Thread>();
        for (String who : List.of("a", "b")) {
            var received = new java.util.concurrent.ConcurrentLinkedQueue<Object>();
            logs.put(who, received);
            McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                    .logLevel(LoggingLevel.INFO).onNotification(n -> {
                        if (n instanceof ServerNotification.LogMessage m) received.add(m.data());
                    }).http(front.url());
            open.add(client);
            threads.add(Thread.ofVirtual().unstarted(() -> {
                try {
                    client.callTool("logme", Map.of("who", who));
                } catch (Exception e) {
                    received.add(e.toString());
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) assertThat(thread.join(Duration.ofSeconds(30))).isTrue();
        Thread.sleep(500); // a notification may be handed over just after its call's answer
        assertThat(logs.get("a")).containsExactly("log of a");
        assertThat(logs.get("b")).containsExactly("log of b");
    }

    @Test
    void aMountPinnedToAStatefulRevisionPassesEverythingThroughToo() throws Exception {
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"" + PINNED_TO_2025 + "}");
        McpClient client = client(http(server(plugins)));
        client.setLogLevel(LoggingLevel.INFO);
        client.subscribe("mem://note");

        assertThat(text(client.callTool("ask", Map.of()))).isEqualTo("accept Ada / hi from the model");
        assertThat(text(client.callTool("report", Map.of()))).isEqualTo("reported");
        assertThat(text(client.callTool("touch", Map.of()))).isEqualTo("touched");
        var seen = new ArrayList<ServerNotification>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && !(seen.stream().anyMatch(ServerNotification.LogMessage.class::isInstance)
                && seen.contains(new ServerNotification.ResourceUpdated("mem://note")))) {
            ServerNotification next = notifications.poll(100, TimeUnit.MILLISECONDS);
            if (next != null) seen.add(next);
        }
        assertThat(seen).contains(new ServerNotification.ResourceUpdated("mem://note"))
                .anySatisfy(n -> assertThat(n).isInstanceOfSatisfying(ServerNotification.LogMessage.class,
                        m -> assertThat(m.data()).isEqualTo("all steps done")));
    }

    @Test
    void cancellingACallCancelsItOnTheMountedServer() throws Exception {
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        System.getProperties().put("mount-test.slow-started", started);
        System.getProperties().put("mount-test.slow-interrupted", interrupted);
        HttpTransport upstream = http(server(upstreamFolder()));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), "{\"url\": \"" + upstream.url() + "\"}");
        McpClient client = client(http(server(plugins)));

        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                client.callTool("slow", Map.of());
            } catch (Exception e) {
                // interrupted: the client sends notifications/cancelled
            }
        });
        assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
        caller.interrupt();
        assertThat(interrupted.await(20, TimeUnit.SECONDS)).as("the upstream tool was interrupted").isTrue();
        assertThat(text(client.callTool("echo", Map.of("text", "after")))).isEqualTo("upstream echo: after");
    }

    @Test
    void theMountFollowsItsFileAndTheMountedServersListChanges() throws Exception {
        Path upstreamPlugins = upstreamFolder();
        HttpTransport upstream = http(server(upstreamPlugins));
        Path plugins = Files.createDirectories(work.resolve("front"));
        Path file = plugins.resolve("up.mcp.json");
        Files.writeString(file, "{\"url\": \"" + upstream.url() + "\", \"prefix\": \"a_\"}");
        McpClient client = client(http(server(plugins)));
        assertThat(toolNames(client)).contains("a_echo");

        // A second mount whose names clash with the first is refused (tools by name, resources by URI); the first
        // keeps serving.
        Files.writeString(plugins.resolve("again.mcp.json"), "{\"url\": \"" + upstream.url() + "\", \"prefix\": \"a_\"}");
        Files.write(plugins.resolve("marker.jar"), PluginJarBuilder.create().plugin("marker.Main", """
                package marker;

                public final class Main implements dev.jmcp.plugin.Plugin {
                    @Override
                    public void register(dev.jmcp.plugin.Registrar registrar) {
                        registrar.tool(new dev.jmcp.protocol.Tool("marker", "Marks", null),
                                (args, ctx) -> dev.jmcp.protocol.CallToolResult.text("marker"));
                    }
                }
                """).toBytes());
        awaitToolsChanged();
        assertThat(toolNames(client)).containsExactlyInAnyOrder("a_echo", "a_report", "a_ask", "a_slow", "a_touch",
                "marker");

        // The mounted server's own list_changed reaches this server's clients, the new tool under the prefix.
        notifications.clear();
        Files.write(upstreamPlugins.resolve("up.jar"), upstreamPlugin("""
                registrar.tool(new Tool("added", "New", null), (args, ctx) -> CallToolResult.text("added"));"""));
        awaitToolsChanged();
        assertThat(toolNames(client)).contains("a_added");
        assertThat(text(client.callTool("a_added", Map.of()))).isEqualTo("added");

        // Editing the file remounts it; deleting it unmounts it.
        notifications.clear();
        Files.writeString(file, "{\"url\": \"" + upstream.url() + "\", \"prefix\": \"c_\"}");
        awaitToolsChanged();
        assertThat(toolNames(client)).contains("c_echo").doesNotContain("a_echo");
        notifications.clear();
        Files.delete(file);
        awaitToolsChanged();
        assertThat(toolNames(client)).doesNotContain("c_echo");
    }

    @Test
    void aMountThatCannotConnectIsSkippedAndTheRestServes() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("nowhere.mcp.json"),
                "{\"url\": \"http://127.0.0.1:1/mcp\", \"connectTimeout\": 2}");
        Files.writeString(plugins.resolve("broken.mcp.json"), "{\"command\": 42}");
        Files.write(plugins.resolve("up.jar"), upstreamPlugin(""));
        McpClient client = client(http(server(plugins)));
        assertThat(toolNames(client)).contains("echo");
    }
}
