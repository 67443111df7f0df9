package dev.jmcp.dist;

import dev.jmcp.client.CompletionReference;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.RequestTimeoutException;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * jmcp's client against jmcp's real server, both ways a user connects: the launcher as a stdio subprocess, and
 * {@code bin/jmcp serve -t} over HTTP on 127.0.0.1. Then the client commands of {@code bin/jmcp}, run as processes.
 * The plugins are the bundled ones plus an "asker" that calls back the client (sampling, elicitation, roots); lists
 * come in pages of two so the client has to follow cursors.
 */
@Timeout(60)
class ClientIT {
    private static final Pattern SERVING = Pattern.compile("serving Streamable HTTP at (\\S+);");
    private static final Map<String, String> FAST_TICKS = Map.of("NOTIFICATION_INTERVAL_MS", "20");

    @TempDir
    static Path work;
    static Path plugins;
    static Process httpServer;
    static URI url;
    static final StringBuffer httpServerErr = new StringBuffer();

    /** The two ways to reach the server. */
    enum Wire {
        STDIO, HTTP;

        McpClient open(McpClientBuilder builder) throws IOException, InterruptedException {
            return switch (this) {
                case STDIO -> builder.stdio(serveCommand(), FAST_TICKS);
                case HTTP -> builder.http(url);
            };
        }
    }

    static List<String> serveCommand() {
        return List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString(), "--page-size", "2");
    }

    @BeforeAll
    static void startHttpServer() throws Exception {
        plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        PluginJarBuilder.create().plugin("demo.Asker", """
                package demo;

                import dev.jmcp.plugin.InputRequest;
                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.plugin.TaskSupport;
                import dev.jmcp.protocol.*;
                import dev.jmcp.protocol.jsonrpc.JsonRpcException;
                import java.time.Duration;
                import java.util.Map;

                public final class Asker implements Plugin {
                    /** How the last task_forever ended: a client that gives up on it must cancel it here. */
                    static volatile String foreverEnded = "not yet";

                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("task_colour", "Asks the user from a task", null), (args, ctx) -> {
                            ctx.startTask();
                            var answer = ctx.requestInputs(Map.of("colour", InputRequest.elicit(ElicitRequest.form(
                                    "Favourite colour?", Map.of("type", "object", "properties",
                                    Map.of("colour", Map.of("type", "string")))))), Duration.ofSeconds(10))
                                    .elicitation("colour");
                            return CallToolResult.text("task: " + answer.action() + " " + answer.content());
                        }, TaskSupport.OPTIONAL);
                        registrar.tool(new Tool("task_fails", "A task that fails", null), (args, ctx) -> {
                            ctx.startTask();
                            throw new JsonRpcException(-32603, "task_fails fails on purpose");
                        }, TaskSupport.OPTIONAL);
                        registrar.tool(new Tool("task_forever", "A task that never ends by itself", null),
                                (args, ctx) -> {
                                    ctx.startTask();
                                    try {
                                        Thread.sleep(120_000);
                                    } catch (InterruptedException e) {
                                        foreverEnded = "cancelled";
                                        throw e;
                                    }
                                    return CallToolResult.text("never");
                                }, TaskSupport.OPTIONAL);
                        registrar.tool(new Tool("forever_ended", "How the last task_forever ended", null),
                                (args, ctx) -> CallToolResult.text(foreverEnded));
                        registrar.tool(new Tool("touch", "Says demo://touched changed", null), (args, ctx) -> {
                            ctx.resourceUpdated("demo://touched");
                            return CallToolResult.text("touched");
                        });
                        registrar.tool(new Tool("ask_model", "Asks the client's model", null), (args, ctx) -> {
                            var answer = ctx.sample(new CreateMessageRequest("Capital of Italy?", 20), Duration.ofSeconds(10));
                            return CallToolResult.text("model: " + answer.text());
                        });
                        registrar.tool(new Tool("ask_user", "Asks the user", null), (args, ctx) -> {
                            var answer = ctx.elicit(ElicitRequest.form("Favourite colour?", Map.of("type", "object",
                                    "properties", Map.of("colour", Map.of("type", "string")))), Duration.ofSeconds(10));
                            return CallToolResult.text("user: " + answer.action() + " " + answer.content());
                        });
                        registrar.tool(new Tool("list_roots", "Lists the client's roots", null),
                                (args, ctx) -> CallToolResult.text("roots: " + ctx.roots()));
                    }
                }
                """).writeTo(plugins.resolve("asker.jar"));
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        var builder = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-t", "--port",
                String.valueOf(port), "-p", plugins.toString(), "--page-size", "2");
        builder.environment().putAll(FAST_TICKS);
        httpServer = builder.start();
        var serving = new CompletableFuture<URI>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(httpServer.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                    httpServerErr.append(line).append('\n');
                    var m = SERVING.matcher(line);
                    if (m.find()) serving.complete(URI.create(m.group(1)));
                }
                serving.completeExceptionally(new AssertionError("the server ended without serving HTTP:\n" + httpServerErr));
            } catch (IOException e) {
                serving.completeExceptionally(e);
            }
        });
        url = serving.get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stopHttpServer() throws InterruptedException {
        if (httpServer != null) {
            httpServer.destroy();
            assertThat(httpServer.waitFor(10, TimeUnit.SECONDS)).as("the HTTP server stops on SIGTERM").isTrue();
        }
    }

    private static McpClientBuilder builder() {
        // A stateful session, as before the client negotiated the newest revision by itself.
        return McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(20)).stderr(line -> { });
    }

    private static String text(dev.jmcp.protocol.CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void initializeAgreesOnTheRevisionAskedForAndNamesTheServer(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
            assertThat(client.serverInfo().name()).isEqualTo("jmcp");
            assertThat(client.serverCapabilities()).containsKeys("tools", "prompts", "resources", "logging");
            client.ping();
        }
        try (var older = wire.open(builder().protocolVersion(ProtocolVersion.V2025_03_26))) {
            assertThat(older.protocolVersion()).isEqualTo(ProtocolVersion.V2025_03_26);
            assertThat(older.listTools()).extracting(Tool::name).contains("sleep");
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void listingFollowsEveryPage(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            var first = client.listTools(null);
            assertThat(first.tools()).hasSize(2);
            assertThat(first.nextCursor()).isNotNull();
            assertThat(client.listTools()).extracting(Tool::name).contains("get_weather", "sleep", "progress_test",
                    "logging_test", "ask_model", "ask_user", "list_roots").doesNotHaveDuplicates();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void progressOfACallReachesItsListenerInOrder(Wire wire) throws Exception {
        var progress = new CopyOnWriteArrayList<ServerNotification.Progress>();
        try (var client = wire.open(builder())) {
            var result = client.callTool("progress_test", Map.of("seconds", 3), progress::add);
            assertThat(text(result)).contains("sent 3 progress notifications");
        }
        assertThat(progress).extracting(ServerNotification.Progress::progress).containsExactly(1.0, 2.0, 3.0);
        assertThat(progress).allSatisfy(p -> assertThat(p.total()).isEqualTo(3.0));
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void logMessagesAtTheLevelSetReachTheListener(Wire wire) throws Exception {
        BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();
        try (var client = wire.open(builder().onNotification(notifications::add))) {
            client.setLogLevel(LoggingLevel.WARNING);
            client.callTool("logging_test", Map.of());
            var levels = new ArrayList<LoggingLevel>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (levels.size() < 5) {
                var n = notifications.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                assertThat(n).as("log messages seen so far: " + levels).isNotNull();
                if (n instanceof ServerNotification.LogMessage m) levels.add(m.level());
            }
            assertThat(levels).containsExactly(LoggingLevel.WARNING, LoggingLevel.ERROR, LoggingLevel.CRITICAL,
                    LoggingLevel.ALERT, LoggingLevel.EMERGENCY);
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void promptsAndCompletion(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            assertThat(client.listPrompts()).extracting(p -> p.name()).contains("code-review");
            var prompt = client.getPrompt("code-review", Map.of("language", "java", "code", "class A {}"));
            assertThat(prompt.messages()).isNotEmpty();
            assertThat(((TextContent) prompt.messages().getFirst().content()).text()).contains("Java", "class A {}");
            var completion = client.complete(CompletionReference.prompt("code-review"), "language", "Py");
            assertThat(completion.values()).contains("Python").allSatisfy(v -> assertThat(v).startsWith("Py"));
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void resourcesAreListedReadAndSubscribed(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            assertThat(client.listResources()).extracting(r -> r.uri()).contains("bacio:///quote");
            assertThat(client.listResourceTemplates()).isNotNull();
            var contents = client.readResource("bacio:///quote").contents();
            assertThat(contents).singleElement().isInstanceOfSatisfying(TextResourceContents.class,
                    t -> assertThat(t.text()).isNotBlank());
            client.subscribe("bacio:///quote");
            client.unsubscribe("bacio:///quote");
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void errorAnswersAreMcpErrorExceptionsAndToolFailuresAreResults(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            assertThatThrownBy(() -> client.readResource("bacio:///nope"))
                    .isInstanceOfSatisfying(McpErrorException.class, e -> {
                        assertThat(e.code()).isEqualTo(-32002);
                        assertThat(e.getMessage()).contains("bacio:///nope");
                    });
            assertThatThrownBy(() -> client.request("no/such/method", null))
                    .isInstanceOfSatisfying(McpErrorException.class, e -> assertThat(e.code()).isEqualTo(-32601));
            var failed = client.callTool("sleep", Map.of("milliseconds", -1));
            assertThat(failed.failed()).isTrue();
            client.ping();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void theServersRequestsAreAnsweredByTheClientsHandlers(Wire wire) throws Exception {
        var builder = builder()
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT, new TextContent("Rome"), "test-model", null))
                .onElicitation(request -> new ElicitResult("accept", Map.of("colour", "blue")))
                .roots(() -> List.of(new Root("file:///home/ada", "home")));
        try (var client = wire.open(builder)) {
            assertThat(text(client.callTool("ask_model", Map.of()))).isEqualTo("model: Rome");
            assertThat(text(client.callTool("ask_user", Map.of()))).isEqualTo("user: accept {colour=blue}");
            assertThat(text(client.callTool("list_roots", Map.of()))).contains("file:///home/ada");
        }
    }

    @Test
    void anOldServerOnTheLegacySseTransportIsReachedFromJavaAndFromTheCli() throws Exception {
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process sse = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-s", "--port", String.valueOf(port),
                "-p", plugins.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            var serving = new CompletableFuture<URI>();
            var log = new StringBuffer();
            Thread.ofPlatform().daemon().start(() -> {
                try (var err = new BufferedReader(new InputStreamReader(sse.getErrorStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = err.readLine()) != null) {
                        log.append(line).append('\n');
                        var m = Pattern.compile("serving HTTP\\+SSE \\(2024-11-05\\) at (\\S+)").matcher(line);
                        if (m.find()) serving.complete(URI.create(m.group(1)));
                    }
                    serving.completeExceptionally(new AssertionError("the server ended without serving:\n" + log));
                } catch (IOException e) {
                    serving.completeExceptionally(e);
                }
            });
            URI sseUrl = serving.get(30, TimeUnit.SECONDS);
            try (var client = builder().sse(sseUrl)) {
                assertThat(client.serverInfo().name()).isEqualTo("jmcp");
                assertThat(client.listTools()).extracting(Tool::name).contains("sleep", "get_weather");
                assertThat(text(client.callTool("sleep", Map.of("milliseconds", 10)))).isNotEmpty();
            }
            Run run = jmcp("tools", "--transport", "sse", "--url", sseUrl.toString());
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("get_weather", "sleep");
        } finally {
            sse.destroy();
            assertThat(sse.waitFor(10, TimeUnit.SECONDS)).as("the SSE server stops on SIGTERM").isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void pinnedTo2026TheClientIsStatelessAndAnswersInputRequiredWithTheSameHandlers(Wire wire) throws Exception {
        var builder = builder().protocolVersion(ProtocolVersion.V2026_07_28)
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT, new TextContent("Rome"), "test-model", null))
                .onElicitation(request -> new ElicitResult("accept", Map.of("colour", "blue")))
                .roots(() -> List.of(new Root("file:///home/ada", "home")));
        var progress = new CopyOnWriteArrayList<ServerNotification.Progress>();
        try (var client = wire.open(builder)) {
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2026_07_28);
            assertThat(client.serverInfo().name()).isEqualTo("jmcp");
            assertThat(client.listTools()).extracting(Tool::name).contains("get_weather", "sleep", "ask_model")
                    .doesNotHaveDuplicates();
            assertThat(text(client.callTool("progress_test", Map.of("seconds", 2), progress::add)))
                    .contains("sent 2 progress notifications");
            assertThat(text(client.callTool("ask_model", Map.of()))).isEqualTo("model: Rome");
            assertThat(text(client.callTool("ask_user", Map.of()))).isEqualTo("user: accept {colour=blue}");
            assertThat(text(client.callTool("list_roots", Map.of()))).contains("file:///home/ada");
        }
        assertThat(progress).extracting(ServerNotification.Progress::progress).containsExactly(1.0, 2.0);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void withTasksDeclaredALongCallBecomesATaskTheClientFollowsAnswersAndCancels(Wire wire) throws Exception {
        var builder = builder().protocolVersion(ProtocolVersion.V2026_07_28).tasks()
                .onElicitation(request -> new ElicitResult("accept", Map.of("colour", "green")));
        try (var client = wire.open(builder)) {
            // A task that asks for input: polled, answered with tasks/update, and its result returned as usual.
            assertThat(text(client.callTool("task_colour", Map.of()))).isEqualTo("task: accept {colour=green}");
            // A task that fails: its error, as any error answer.
            assertThatThrownBy(() -> client.callTool("task_fails", Map.of())).isInstanceOf(McpErrorException.class)
                    .hasMessageContaining("task_fails fails on purpose");
            assertThatThrownBy(() -> client.getTask("no-such-task")).isInstanceOf(McpErrorException.class)
                    .hasMessageContaining("unknown task");
            // Giving up on a task (an interrupt) cancels it at the server.
            var outcome = new java.util.concurrent.CompletableFuture<Throwable>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    outcome.complete(new AssertionError("ended by itself: " + client.callTool("task_forever", Map.of())));
                } catch (Throwable t) {
                    outcome.complete(t);
                }
            });
            Thread.sleep(1_500);
            caller.interrupt();
            assertThat(outcome.get(20, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!text(client.callTool("forever_ended", Map.of())).equals("cancelled")) {
                assertThat(System.nanoTime()).as("the abandoned task was cancelled at the server").isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aSubscriptionDeliversWhatItsFilterNamesUntilItIsClosed(Wire wire) throws Exception {
        var heard = new java.util.concurrent.LinkedBlockingQueue<ServerNotification>();
        try (var client = wire.open(builder().protocolVersion(ProtocolVersion.V2026_07_28))) {
            var subscription = client.listen(Map.of("resourceSubscriptions", List.of("demo://touched")), heard::add);
            assertThat(subscription.isOpen()).isTrue();
            assertThat(subscription.acknowledged()).containsKey("resourceSubscriptions");
            assertThat(text(client.callTool("touch", Map.of()))).isEqualTo("touched");
            assertThat(heard.poll(10, TimeUnit.SECONDS)).isEqualTo(new ServerNotification.ResourceUpdated("demo://touched"));
            subscription.close();
            assertThat(subscription.isOpen()).isFalse();
            client.callTool("touch", Map.of());
            assertThat(heard.poll(500, TimeUnit.MILLISECONDS)).as("nothing after close").isNull();
            // The conversation goes on after a subscription ended.
            assertThat(text(client.callTool("touch", Map.of()))).isEqualTo("touched");
        }
    }

    @Test
    void aStatefulSessionHasNoListenAndSaysWhatToUseInstead() throws Exception {
        try (var client = Wire.STDIO.open(builder())) {
            assertThatThrownBy(() -> client.listen(Map.of("toolsListChanged", true), null))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("resources/subscribe");
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void interruptingACallCancelsItAndTheSessionGoesOn(Wire wire) throws Exception {
        try (var client = wire.open(builder())) {
            var thrown = new AtomicReference<Throwable>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    client.callTool("sleep", Map.of("milliseconds", 30_000));
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (caller.getState() != Thread.State.TIMED_WAITING) {
                assertThat(System.nanoTime()).as("the call is waiting for its answer").isLessThan(deadline);
                Thread.onSpinWait();
            }
            long interrupted = System.nanoTime();
            caller.interrupt();
            assertThat(caller.join(Duration.ofSeconds(5))).isTrue();
            assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - interrupted)).isLessThan(Duration.ofSeconds(5));
            assertThat(text(client.callTool("sleep", Map.of("milliseconds", 1)))).isEqualTo("Slept 1 ms.");
        }
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void aCallOutlivingItsTimeoutIsCancelled(Wire wire) throws Exception {
        try (var client = wire.open(builder().requestTimeout(Duration.ofMillis(700)))) {
            assertThatThrownBy(() -> client.callTool("sleep", Map.of("milliseconds", 20_000)))
                    .isInstanceOf(RequestTimeoutException.class);
            assertThat(text(client.callTool("sleep", Map.of("milliseconds", 1)))).isEqualTo("Slept 1 ms.");
        }
    }

    /** {@code bin/jmcp args...}, with its output and exit code. */
    record Run(int exitCode, String out, String err) {
    }

    private static Run jmcp(String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(Distribution.launcher().toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(40, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("jmcp " + String.join(" ", args) + " did not end:\n" + Files.readString(err));
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String[] overStdio(String... args) {
        var all = new ArrayList<>(List.of(args));
        all.add("--");
        all.addAll(serveCommand());
        return all.toArray(String[]::new);
    }

    @Test
    void theToolsCommandListsEveryToolOverStdio() throws Exception {
        Run run = jmcp(overStdio("tools"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("get_weather", "sleep", "progress_test", "ask_model", "milliseconds*: integer");
    }

    @Test
    void theCallCommandPrintsTheResultAndShowsProgressOnStderr() throws Exception {
        Run run = jmcp(overStdio("call", "progress_test", "--arg", "seconds=2", "--env", "NOTIFICATION_INTERVAL_MS=20"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("sent 2 progress notifications").doesNotContain("progress 1/2");
        assertThat(run.err()).contains("progress 1/2: Step 1 of 2", "progress 2/2");
    }

    @Test
    void theCommandsSpeak2026StatelesslyOverStdioAndHttp() throws Exception {
        Run overStdio = jmcp(overStdio("call", "sleep", "--arg", "milliseconds=1", "--protocol-version", "2026-07-28"));
        assertThat(overStdio.exitCode()).as(overStdio.err()).isZero();
        assertThat(overStdio.out()).isNotBlank();
        Run overHttp = jmcp("tools", "--url", url.toString(), "--protocol-version", "2026-07-28");
        assertThat(overHttp.exitCode()).as(overHttp.err()).isZero();
        assertThat(overHttp.out()).contains("sleep", "ask_user");
    }

    @Test
    void aServerNamedInAnMcpServersFileIsReachedOverStdioAndOverHttp() throws Exception {
        var json = new StringBuilder("{\"mcpServers\": {\"local\": {\"command\": ");
        List<String> serve = serveCommand();
        json.append(quote(serve.getFirst())).append(", \"args\": [");
        for (int i = 1; i < serve.size(); i++) json.append(i > 1 ? ", " : "").append(quote(serve.get(i)));
        json.append("]}, \"remote\": {\"type\": \"http\", \"url\": ").append(quote(url.toString()))
                .append(", \"headers\": {\"X-Trace\": \"${JMCP_IT_UNSET:-none}\"}}}}");
        Path config = Files.writeString(work.resolve("mcp.json"), json);

        Run local = jmcp("tools", "--config", config.toString(), "--server", "local");
        assertThat(local.exitCode()).as(local.err()).isZero();
        assertThat(local.out()).contains("get_weather", "sleep");

        Run remote = jmcp("call", "sleep", "--arg", "milliseconds=1", "--config", config.toString(), "--server", "remote");
        assertThat(remote.exitCode()).as(remote.err()).isZero();

        Run unknown = jmcp("tools", "--config", config.toString(), "--server", "nope");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no server 'nope'", "local, remote");
    }

    private static String quote(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static List<String> cli(String... args) {
        var command = new ArrayList<String>();
        command.add(Distribution.launcher().toString());
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void onATerminalACallShowsALiveProgressBarAndThenOnlyItsResult() throws Exception {
        try (var pty = Pty.start(cli(overStdio("call", "progress_test", "--arg", "seconds=2", "--env",
                "NOTIFICATION_INTERVAL_MS=20")), Map.of())) {
            pty.awaitShown("%  Step", Duration.ofSeconds(30));
            assertThat(pty.exitCode(Duration.ofSeconds(30))).as(pty.screen()).isZero();
            String screen = pty.screen();
            assertThat(screen).containsPattern("\\[#+\\.*\\] +\\d+%  Step \\d of 2 \\(\\d+\\.\\ds\\)");
            // The bar is erased before the result, which stands on a clean line.
            assertThat(screen).contains("\r\033[K").doesNotContain("progress 1/2");
        }
    }

    @Test
    void onATerminalThePersonAnswersTheServersElicitationForm() throws Exception {
        try (var pty = Pty.start(cli("call", "ask_user", "--url", url.toString()), Map.of())) {
            pty.awaitShown("The server asks: Favourite colour?", Duration.ofSeconds(30));
            pty.awaitShown("Answer? [y]es", Duration.ofSeconds(5));
            pty.type("y\r");
            pty.awaitShown("colour", Duration.ofSeconds(5));
            pty.type("teal\r");
            assertThat(pty.exitCode(Duration.ofSeconds(30))).as(pty.screen()).isZero();
            assertThat(pty.screen()).contains("user: accept {colour=teal}");
        }
    }

    @Test
    void onATerminalThePersonAnswersForTheModelOrDeclines() throws Exception {
        try (var pty = Pty.start(cli("call", "ask_model", "--url", url.toString()), Map.of())) {
            pty.awaitShown("user: Capital of Italy?", Duration.ofSeconds(30));
            pty.awaitShown("Answer (empty to decline): ", Duration.ofSeconds(5));
            pty.type("Rome\r");
            assertThat(pty.exitCode(Duration.ofSeconds(30))).as(pty.screen()).isZero();
            assertThat(pty.screen()).contains("model: Rome");
        }
        try (var pty = Pty.start(cli("call", "ask_model", "--url", url.toString()), Map.of())) {
            pty.awaitShown("Answer (empty to decline): ", Duration.ofSeconds(30));
            pty.type("\r");
            assertThat(pty.exitCode(Duration.ofSeconds(30))).as(pty.screen()).isNotZero();
            assertThat(pty.screen()).contains("rejected");
        }
    }

    @Test
    void ctrlCCancelsTheCallAtTheServerClosesTheSessionAndExits130() throws Exception {
        // The server logs the first 100 sessions a minute that its clients end, each on a line of its own; this class's
        // tests end far fewer.
        int endedBefore = count(httpServerErr.toString(), "deleted by the client");
        // Pinned to a stateful revision: the session the server sees closed is what this test is about.
        try (var pty = Pty.start(cli("call", "sleep", "--arg", "milliseconds=30000", "--url", url.toString(),
                "--protocol-version", "2025-11-25"), Map.of())) {
            pty.awaitShown("[working]", Duration.ofSeconds(30));
            long pressed = System.nanoTime();
            pty.type("\u0003");
            assertThat(pty.exitCode(Duration.ofSeconds(10))).as(pty.screen()).isEqualTo(130);
            assertThat(Duration.ofNanos(System.nanoTime() - pressed)).isLessThan(Duration.ofSeconds(6));
            assertThat(pty.screen()).contains("interrupted; the server was told to cancel the request");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count(httpServerErr.toString(), "deleted by the client") == endedBefore) {
            assertThat(System.nanoTime()).as("the server saw the session closed:\n" + httpServerErr).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) count++;
        return count;
    }

    @Test
    void aToolErrorIsExitCodeOneAndAServerErrorToo() throws Exception {
        Run toolError = jmcp("call", "sleep", "--json", "{\"milliseconds\": -5}", "--url", url.toString());
        assertThat(toolError.exitCode()).isEqualTo(1);
        assertThat(toolError.out()).contains("milliseconds");

        Run notFound = jmcp("read", "bacio:///nope", "--url", url.toString());
        assertThat(notFound.exitCode()).isEqualTo(1);
        // -32002 in the stateful revisions, -32602 in 2026-07-28, which the CLI negotiates with jmcp by default.
        assertThat(notFound.err()).containsAnyOf("-32002", "-32602").contains("bacio:///nope");
        assertThat(notFound.out()).isEmpty();
    }

    @Test
    void promptsResourcesAndReadOverHttpWithJsonOutput() throws Exception {
        Run prompts = jmcp("prompts", "--url", url.toString(), "--json-output");
        assertThat(prompts.exitCode()).as(prompts.err()).isZero();
        assertThat(JsonCodec.shared().parse(prompts.out()).toString()).contains("code-review");

        Run prompt = jmcp("prompt", "code-review", "--arg", "language=Java", "--url", url.toString());
        assertThat(prompt.exitCode()).as(prompt.err()).isZero();
        assertThat(prompt.out()).contains("user: ", "Java");

        Run resources = jmcp("resources", "--url", url.toString());
        assertThat(resources.exitCode()).as(resources.err()).isZero();
        assertThat(resources.out()).contains("bacio:///quote");

        Run read = jmcp("read", "bacio:///quote", "--url", url.toString());
        assertThat(read.exitCode()).as(read.err()).isZero();
        assertThat(read.out()).isNotBlank();
    }

    @Test
    void aServerThatCannotStartIsExitCodeOneWithTheReason() throws Exception {
        Run run = jmcp("tools", "--", "/no/such/mcp-server");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("jmcp: ", "/no/such/mcp-server");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aClientCommandWithoutAServerIsAUsageError() throws Exception {
        Run run = jmcp("tools");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Which server?");
        assertThat(run.out()).isEmpty();
    }
}
