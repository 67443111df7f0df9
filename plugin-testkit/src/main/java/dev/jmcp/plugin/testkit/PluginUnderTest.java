package dev.jmcp.plugin.testkit;

import dev.jmcp.client.InputRounds;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A plugin loaded by a real jmcp engine in the test's own JVM, and real clients connected to it over an in-memory
 * connection: the fast way to test a plugin (milliseconds a test). The plugin is loaded as in production: packed into
 * a JAR in a plugins folder, given its own class loader that sees only the plugin API and the JDK, configured from
 * {@link Builder#env}. Start one with {@link PluginTestKit#plugin}:
 *
 * <pre>{@code
 * try (var plugin = PluginTestKit.plugin(GreetPlugin.class).start()) {
 *     plugin.forEachRevision(client ->
 *             assertEquals("Hello, Ada!", PluginTestKit.text(client.callTool("greet", Map.of("name", "Ada")))));
 * }
 * }</pre>
 *
 * What it does not cover: the server's command line, its transports (stdio framing, HTTP) and a plugin's effect on
 * a separate process; {@link PluginTestKit#serve} tests those, end to end, at the cost of a JVM start per server.
 * Thread-safe; {@link #close} closes every client it made, the engine and its temporary folder.
 */
public final class PluginUnderTest implements AutoCloseable {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final McpServer server;
    private final Path work;
    private final Builder setup;
    private final List<McpClient> clients = new CopyOnWriteArrayList<>();
    private final List<ServerNotification> notifications = new CopyOnWriteArrayList<>();
    private final Object arrived = new Object();

    private PluginUnderTest(McpServer server, Path work, Builder setup) {
        this.server = server;
        this.work = work;
        this.setup = setup;
    }

    /** What to load and how the clients answer the server; {@link #start} loads it. */
    public static final class Builder {
        private final Path jarOrClasses;
        private Map<String, String> env = Map.of();
        private String name = "plugin-under-test";
        private List<ProtocolVersion> revisions = List.of(ProtocolVersion.values());
        private Function<ElicitRequest, ElicitResult> elicitation;
        private Function<CreateMessageRequest, CreateMessageResult> sampling;
        private InputRounds inputRounds;
        private LoggingLevel logLevel = LoggingLevel.DEBUG;
        private final List<Path> libraries = new ArrayList<>();

        Builder(Path jarOrClasses) {
            this.jarOrClasses = jarOrClasses;
        }

        /** The plugin's configuration: what it would read from environment variables ({@code NAME_KEY=value}). */
        public Builder env(Map<String, String> env) {
            this.env = Map.copyOf(env);
            return this;
        }

        /**
         * The plugin's name, when its classes do not say it (a built JAR's {@code Jmcp-Plugin-Name}): the prefix of its
         * configuration keys. Default {@code plugin-under-test}.
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The revisions {@link #forEachRevision} runs in; default every revision jmcp speaks. */
        public Builder revisions(ProtocolVersion... revisions) {
            if (revisions.length == 0) throw new IllegalArgumentException("name at least one revision");
            this.revisions = List.of(revisions);
            return this;
        }

        /** How the clients answer the plugin's elicitation (form) requests; none by default (not declared). */
        public Builder onElicitation(Function<ElicitRequest, ElicitResult> handler) {
            this.elicitation = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** How the clients answer the plugin's sampling requests; none by default (not declared). */
        public Builder onSampling(Function<CreateMessageRequest, CreateMessageResult> handler) {
            this.sampling = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /**
         * How the clients answer 2026-07-28 {@code input_required} rounds whole; by default each request of a round is
         * answered by the elicitation and sampling handlers, as a client does.
         */
        public Builder onInputRequired(InputRounds handler) {
            this.inputRounds = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** The lowest level of the plugin's log messages the clients ask for; default {@code debug} (all of them). */
        public Builder logLevel(LoggingLevel level) {
            this.logLevel = Objects.requireNonNull(level, "level");
            return this;
        }

        /**
         * Bundles into the plugin's JAR the library each of {@code libraryClasses} comes from (its JAR on the test's
         * class path), as the shade plugin bundles them into the built JAR: a plugin sees only the plugin API and the
         * JDK, so a library it uses must travel inside it. Name one class of each library the plugin needs at run
         * time, the libraries those need included (for OkHttp: {@code OkHttpClient.class, okio.Okio.class,
         * kotlin.Unit.class}). For a plugin loaded from its compiled classes; a built JAR bundles them already.
         */
        public Builder bundling(Class<?>... libraryClasses) {
            for (Path library : PluginTestKit.libraries(jarOrClasses, libraryClasses)) {
                if (!libraries.contains(library)) libraries.add(library);
            }
            return this;
        }

        /** Packs the plugin, starts the engine and loads it; throws when the plugin did not load, saying why. */
        public PluginUnderTest start() throws IOException {
            Path work = TestServer.workFolder();
            McpServer server = null;
            try {
                Path plugins = Files.createDirectories(work.resolve("plugins"));
                Path jar = plugins.resolve(name + ".jar");
                if (Files.isDirectory(jarOrClasses)) {
                    PluginJar.pack(jarOrClasses, libraries, jar);
                } else {
                    Files.copy(jarOrClasses, jar);
                }
                server = new McpServer(ServerOptions.defaults("jmcp-test", plugins), env::get);
                server.start();
                if (!server.failedPlugins().isEmpty()) {
                    throw new IOException("the plugin did not load: " + String.join("; ",
                            server.failedPlugins().values()));
                }
                if (server.loadedPlugins().isEmpty()) {
                    throw new IOException("no plugin was found in " + jarOrClasses + ": it needs the service file "
                            + "META-INF/services/dev.jmcp.plugin.Plugin naming the plugin class");
                }
                return new PluginUnderTest(server, work, this);
            } catch (IOException | RuntimeException e) {
                if (server != null) server.close();
                TestServer.deleteTree(work);
                throw e;
            }
        }
    }

    /** A client of the newest stateful revision (2025-11-25), made on first use and closed with this. */
    public synchronized McpClient client() throws IOException, InterruptedException {
        if (defaultClient == null) defaultClient = client(ProtocolVersion.LATEST_STATEFUL);
        return defaultClient;
    }

    private McpClient defaultClient;

    /** A new client speaking {@code revision}, with the handlers of the {@link Builder}; closed with this. */
    public McpClient client(ProtocolVersion revision) throws IOException, InterruptedException {
        McpClientBuilder builder = McpClient.builder().protocolVersion(revision).logLevel(setup.logLevel)
                .requestTimeout(Duration.ofSeconds(30)).onNotification(this::notified);
        if (setup.elicitation != null) builder.onElicitation(setup.elicitation);
        if (setup.sampling != null) builder.onSampling(setup.sampling);
        if (setup.inputRounds != null) builder.onInputRequired(setup.inputRounds);
        McpClient client = builder.connect(new InMemoryPipe(server));
        clients.add(client);
        return client;
    }

    /** A test body run once per revision by {@link #forEachRevision}. */
    @FunctionalInterface
    public interface RevisionTest {
        void run(McpClient client) throws Exception;
    }

    /**
     * Runs {@code test} with a client of each revision of the {@link Builder} (default: all), one after another; a
     * failure names the revision it happened in. Every revision runs even when one fails; the failures come together.
     */
    public void forEachRevision(RevisionTest test) throws Exception {
        List<Throwable> failures = new ArrayList<>();
        for (ProtocolVersion revision : setup.revisions) {
            try (McpClient client = client(revision)) {
                test.run(client);
            } catch (Exception | AssertionError e) {
                failures.add(new AssertionError("in protocol revision " + revision.wire() + ": " + e.getMessage(), e));
            }
        }
        if (failures.isEmpty()) return;
        AssertionError all = new AssertionError(failures.size() == 1 ? failures.getFirst().getMessage()
                : failures.size() + " revisions failed: " + failures.stream().map(Throwable::getMessage).toList(),
                failures.getFirst().getCause());
        failures.stream().skip(1).forEach(all::addSuppressed);
        throw all;
    }

    /** A tool's result and the progress notifications the plugin sent while it ran. */
    public record ToolRun(CallToolResult result, List<ServerNotification.Progress> progress) {
        /** The result's text ({@link PluginTestKit#text(CallToolResult)}). */
        public String text() {
            return PluginTestKit.text(result);
        }
    }

    /** Calls {@code tool} through {@code client}, collecting the progress it reports. */
    public ToolRun call(McpClient client, String tool, Map<String, ?> arguments) throws IOException,
            InterruptedException {
        List<ServerNotification.Progress> progress = new CopyOnWriteArrayList<>();
        CallToolResult result = client.callTool(tool, arguments, progress::add);
        return new ToolRun(result, List.copyOf(progress));
    }

    /** Every notification the clients received so far (log messages, progress, list changes), in order. */
    public List<ServerNotification> notifications() {
        return List.copyOf(notifications);
    }

    /** The plugin's log messages the clients received so far. */
    public List<ServerNotification.LogMessage> logs() {
        return notifications.stream().filter(n -> n instanceof ServerNotification.LogMessage)
                .map(n -> (ServerNotification.LogMessage) n).toList();
    }

    /**
     * Waits (at most 10 s) for a notification that matches, and returns it: notifications reach the client on a
     * thread of their own, so one sent just before a result may be counted just after it.
     */
    public ServerNotification awaitNotification(Predicate<ServerNotification> matching) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        synchronized (arrived) {
            while (true) {
                for (ServerNotification n : notifications) if (matching.test(n)) return n;
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no such notification within " + WAIT.toSeconds() + " s; received: "
                            + notifications);
                }
                arrived.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /** The engine itself: what it serves ({@code catalog()}), which plugins it loaded. */
    public McpServer server() {
        return server;
    }

    private void notified(ServerNotification notification) {
        notifications.add(notification);
        synchronized (arrived) {
            arrived.notifyAll();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            for (McpClient client : clients) client.close();
            server.close();
        } finally {
            TestServer.deleteTree(work);
        }
    }
}
