package dev.jmcp.cli.serve;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.console.Console;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log lines the console shows with a call and with a plugin, with the process's real logging (SLF4J over tinylog,
 * {@code System.Logger} through it, as {@code jmcp serve} has it), against real servers loading real plugin JARs: lines
 * logged on threads a plugin starts (its own pool, a platform thread, a virtual thread) belong to the call that ran
 * them; a line of a plugin's thread outside any call is the plugin's; what a plugin in a child process of its own
 * writes on standard error and sends as {@code notifications/message} reaches the console; and two consoles of two
 * servers in one JVM each see their own server's lines.
 */
@Timeout(120)
class ConsoleLogTest {
    /** Logs through System.Logger from a pool made before any call, a new platform thread and a virtual thread. */
    static final String THREADS = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.Tool;
            import java.util.List;
            import java.util.Map;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.Executors;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;

            public final class Threads implements Plugin {
                private static final System.Logger LOG = System.getLogger("demo.threads");
                private static final ExecutorService POOL = Executors.newFixedThreadPool(1);
                private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();

                @Override
                public void register(Registrar registrar) {
                    var word = Map.<String, Object>of("type", "object", "properties",
                            Map.of("word", Map.of("type", "string")), "required", List.of("word"));
                    registrar.tool(new Tool("pooled", "logs from its pool, a new thread and a virtual thread", word),
                            (args, ctx) -> {
                                Object said = args.get("word");
                                POOL.submit(() -> LOG.log(System.Logger.Level.WARNING, "pool says " + said)).get();
                                Thread platform = new Thread(() -> LOG.log(System.Logger.Level.WARNING,
                                        "thread says " + said));
                                platform.start();
                                platform.join();
                                Thread.ofVirtual().start(() -> LOG.log(System.Logger.Level.WARNING,
                                        "virtual thread says " + said)).join();
                                return CallToolResult.text("done " + said);
                            });
                    registrar.tool(new Tool("later", "logs from its own thread once the call has ended", word),
                            (args, ctx) -> {
                                Object said = args.get("word");
                                LATER.schedule(() -> LOG.log(System.Logger.Level.WARNING, "later says " + said),
                                        1500, TimeUnit.MILLISECONDS);
                                return CallToolResult.text("scheduled " + said);
                            });
                }

                @Override
                public void close() {
                    POOL.shutdownNow();
                    LATER.shutdownNow();
                }
            }
            """;
    /** Runs in a child process of its own: logs on its standard error and sends the client a log message. */
    static final String CHATTY = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.LoggingLevel;
            import dev.jmcp.protocol.Tool;

            public final class Chatty implements Plugin {
                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("chat", "logs in its own process and tells the client", null), (args, ctx) -> {
                        System.getLogger("demo.chatty").log(System.Logger.Level.WARNING, "chatty grumbles on stderr");
                        ctx.log(LoggingLevel.INFO, "chatty tells its client");
                        return CallToolResult.text("chatted");
                    });
                }
            }
            """;
    private static final JsonCodec CODEC = JsonCodec.shared();

    @TempDir
    Path work;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable each : open.reversed()) each.close();
    }

    /** A server over {@code plugins} with its console; the console's base URI. */
    private URI serve(Path plugins) throws Exception {
        var server = new McpServer(ServerOptions.defaults("console-log-test", plugins));
        open.add(server);
        // As jmcp serve --console does: listening before the plugins load, so a child's first words are seen too.
        var console = new Console(server);
        open.add(console);
        server.start();
        HttpTransport transport = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        console.install(transport);
        transport.start();
        open.add(transport);
        return transport.url().resolve("/console/");
    }

    private Path folder(String name) throws Exception {
        Path plugins = Files.createDirectories(work.resolve(name));
        PluginJarBuilder.create().plugin("demo.Threads", THREADS).writeTo(plugins.resolve("threads.jar"));
        return plugins;
    }

    private String call(URI console, String tool, String word) throws Exception {
        String arguments = word == null ? "{}" : "{\"word\":\"" + word + "\"}";
        return http.send(HttpRequest.newBuilder(console.resolve("api/call")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"tool\":\"" + tool + "\",\"arguments\":" + arguments + "}"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> state(URI console) throws Exception {
        var response = http.send(HttpRequest.newBuilder(console.resolve("api/state")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return (Map<String, Object>) CODEC.parse(response.body());
    }

    /** The log of the call of {@code tool} whose arguments held {@code word}: the newest call of it. */
    @SuppressWarnings("unchecked")
    private List<String> callLog(URI console, String tool, int nth) throws Exception {
        var calls = ((List<Map<String, Object>>) state(console).get("calls")).stream()
                .filter(c -> tool.equals(c.get("target"))).toList().reversed();
        return (List<String>) calls.get(nth).get("log");
    }

    @SuppressWarnings("unchecked")
    private List<String> pluginLog(URI console, String plugin) throws Exception {
        return ((List<Map<String, Object>>) state(console).get("plugins")).stream()
                .filter(p -> plugin.equals(p.get("name"))).findFirst()
                .map(p -> (List<String>) p.get("log")).orElse(List.of());
    }

    /** Polls {@code read} until {@code done} holds, up to 30 s; returns the last value read. */
    private static <T> T await(Check<T> read, Predicate<T> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        T value = read.get();
        while (!done.test(value) && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            value = read.get();
        }
        return value;
    }

    @FunctionalInterface
    private interface Check<T> {
        T get() throws Exception;
    }

    @Test
    void linesOfThreadsAPluginStartsDuringACallAreThatCallsAndLaterLinesThePlugins() throws Exception {
        URI console = serve(folder("plugins"));
        assertThat(call(console, "pooled", "first")).contains("done first");
        // The pool's thread was started by the first call; the second call's line on it is still the second's.
        assertThat(call(console, "pooled", "second")).contains("done second");
        assertThat(callLog(console, "pooled", 0)).anySatisfy(l -> assertThat(l).contains("pool says first"))
                .anySatisfy(l -> assertThat(l).contains("thread says first"))
                .anySatisfy(l -> assertThat(l).contains("virtual thread says first"))
                .noneSatisfy(l -> assertThat(l).contains("second"));
        assertThat(callLog(console, "pooled", 1)).anySatisfy(l -> assertThat(l).contains("WARN demo.threads: pool says second"))
                .anySatisfy(l -> assertThat(l).contains("thread says second"))
                .anySatisfy(l -> assertThat(l).contains("virtual thread says second"))
                .noneSatisfy(l -> assertThat(l).contains("first"));

        assertThat(call(console, "later", "afterwards")).contains("scheduled afterwards");
        assertThat(await(() -> pluginLog(console, "threads"), log -> !log.isEmpty()))
                .singleElement().asString().contains("later says afterwards");
        assertThat(callLog(console, "later", 0)).isEmpty();
    }

    @Test
    void whatAPluginInAChildProcessWritesOnStandardErrorAndSendsItsClientReachesTheConsole() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        PluginJarBuilder.create().plugin("demo.Chatty", CHATTY).writeTo(plugins.resolve("chatty.jar"));
        Files.writeString(plugins.resolve("chatty.jar.json"), "{\"isolation\": \"process\"}");
        URI console = serve(plugins);
        // A child slower to start than the server waits for is served when ready.
        await(() -> state(console).get("tools").toString(), tools -> tools.contains("name=chat"));
        assertThat(call(console, "chat", null)).contains("chatted");
        assertThat(callLog(console, "chat", 0)).anySatisfy(l -> assertThat(l).contains("client log info",
                "chatty tells its client"));
        // Its standard error is read as it comes: during the call (then the call's, as the plugin's only call) or just
        // after (then the plugin's).
        Predicate<List<String>> grumbled = log -> log.stream().anyMatch(l -> l.contains("chatty grumbles on stderr"));
        var both = await(() -> {
            var lines = new ArrayList<>(callLog(console, "chat", 0));
            lines.addAll(pluginLog(console, "chatty"));
            return lines;
        }, grumbled);
        assertThat(both).as("the call's and the plugin's lines").anySatisfy(l -> assertThat(l)
                .contains("[chatty]", "chatty grumbles on stderr"));
        // What the child wrote while starting, before any call, is the plugin's.
        assertThat(pluginLog(console, "chatty")).anySatisfy(l -> assertThat(l).contains("[chatty]",
                "Plugin chatty loaded"));
    }

    @Test
    void twoConsolesOfTwoServersInOneJvmEachSeeTheirOwnLines() throws Exception {
        URI one = serve(folder("one"));
        URI two = serve(folder("two"));
        assertThat(call(one, "pooled", "alpha")).contains("done alpha");
        assertThat(call(two, "pooled", "beta")).contains("done beta");
        assertThat(callLog(one, "pooled", 0)).anySatisfy(l -> assertThat(l).contains("pool says alpha"))
                .noneSatisfy(l -> assertThat(l).contains("beta"));
        assertThat(callLog(two, "pooled", 0)).anySatisfy(l -> assertThat(l).contains("pool says beta"))
                .noneSatisfy(l -> assertThat(l).contains("alpha"));

        assertThat(call(two, "later", "gamma")).contains("scheduled gamma");
        assertThat(await(() -> pluginLog(two, "threads"), log -> !log.isEmpty())).singleElement().asString()
                .contains("later says gamma");
        assertThat(pluginLog(one, "threads")).isEmpty();
    }
}
