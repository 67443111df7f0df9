package dev.jmcp.bench.engine;

import dev.jmcp.bench.codec.Payloads;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.nativeabi.NativeHost;
import dev.jmcp.server.nativeabi.NativeOptions;
import dev.jmcp.server.nativeabi.NativePlugin;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.transport.Session;
import dev.jmcp.server.transport.Connection;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The same trivial tool, {@code echo(text)}, called one request at a time in one run, five ways:
 * {@code jar} (the echo plugin JAR in a real {@code McpServer}, the engine in memory, as {@link RoundTripBenchmark}),
 * {@code native-in-process} (the C sample library {@code libjmcp-sample-tools.so} bound with FFM into the same
 * engine), {@code native-child} (that library in the fallback host, a child JVM running {@code NativeHostMain},
 * driven by the same engine through frames on real stdio pipes), {@code native-mounted} (the library dropped into a
 * real {@code McpServer}'s folder, served as jmcp serves it by default: the parent's engine, then the native host
 * program over frames) and {@code jar-mounted} (a second {@code McpServer} serving the echo JAR over Streamable HTTP on
 * 127.0.0.1, mounted by a {@code .mcp.json} in the first one's folder). The mounts speak 2026-07-28 to their child.
 * One operation is one {@code tools/call} answered.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Threads(1)
public class NativeRoundTripBenchmark {
    private static final int ID = 1;

    @State(Scope.Benchmark)
    public static class Target {
        @Param({"jar", "native-in-process", "native-child", "native-mounted", "jar-mounted"})
        public String kind;

        private EchoServer echo;
        private McpServer front;
        private HttpTransport upstreamHttp;
        private Path frontFolder;
        private NativePlugin plugin;
        private Session session;
        private MemoryConnection connection;
        private Path library;
        private final EchoCalls calls = new EchoCalls(ID, 2);

        @Setup(Level.Trial)
        public void start() throws Exception {
            library = sampleLibrary();
            switch (kind) {
                case "jar" -> {
                    echo = new EchoServer();
                    openSession(echo.server()::openSession);
                }
                case "native-in-process" -> {
                    plugin = NativePlugin.load(library, NativeOptions.DEFAULTS);
                    Registry registry = Registry.of(List.of(plugin.contribution()));
                    var options = ServerOptions.defaults("jmcp-bench", null);
                    openSession(new Engine(options, () -> registry, Methods.table(options))::openSession);
                }
                case "native-child" -> {
                    // The fallback host (a child JVM speaking the native host program's frames), driven as jmcp
                    // drives it: the engine here, the library's calls over frames on stdio pipes.
                    plugin = NativePlugin.spawn(library, "bench", NativeOptions.DEFAULTS, NativeHost.jvm());
                    Registry registry = Registry.of(List.of(plugin.contribution()));
                    var options = ServerOptions.defaults("jmcp-bench", null);
                    openSession(new Engine(options, () -> registry, Methods.table(options))::openSession);
                }
                case "native-mounted" -> {
                    frontFolder = Files.createTempDirectory("jmcp-bench-front");
                    Files.copy(library, frontFolder.resolve(library.getFileName()));
                    openSession(startFront()::openSession);
                }
                case "jar-mounted" -> {
                    echo = new EchoServer();
                    upstreamHttp = new HttpTransport(echo.server(), HttpOptions.defaults().withPort(0));
                    upstreamHttp.start();
                    frontFolder = Files.createTempDirectory("jmcp-bench-front");
                    Files.writeString(frontFolder.resolve("echo.mcp.json"), "{\"url\": \"" + upstreamHttp.url() + "\"}");
                    openSession(startFront()::openSession);
                }
                default -> throw new IllegalArgumentException(kind);
            }
        }

        /** A server whose folder is {@link #frontFolder}, started once its mount serves {@code echo}. */
        private McpServer startFront() throws InterruptedException {
            front = new McpServer(ServerOptions.defaults("jmcp-bench-front", frontFolder));
            front.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (front.catalog().tool("echo").isEmpty()) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("the mount did not serve echo");
                Thread.sleep(50);
            }
            return front;
        }

        private void openSession(java.util.function.Function<Connection, Session> opener)
                throws InterruptedException {
            connection = new MemoryConnection(2);
            session = opener.apply(connection);
            send(Payloads.initialize(0, "2025-06-18").getBytes(StandardCharsets.UTF_8));
            connection.await(0);
            send(Payloads.INITIALIZED.getBytes(StandardCharsets.UTF_8));
            connection.capture(true);
            send(calls.bytes());
            connection.await(calls.id());
            String answer = connection.captured();
            if (!answer.contains("\"text\":\"" + Payloads.TEXT + "\"") || answer.contains("\"isError\":true")) {
                throw new IllegalStateException("echo did not answer with its text: " + answer);
            }
            connection.capture(false);
        }

        private void send(byte[] bytes) {
            session.receive(bytes, 0, bytes.length);
        }

        int call() throws Exception {
            calls.advance();
            send(calls.bytes());
            return connection.await(calls.id());
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            if (session != null) session.close();
            if (front != null) front.close();
            if (frontFolder != null) {
                try (var files = Files.walk(frontFolder)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            if (upstreamHttp != null) upstreamHttp.close();
            if (echo != null) echo.close();
            if (plugin != null) plugin.retire();
        }
    }

    @Benchmark
    public int toolsCall(Target target) throws Exception {
        return target.call();
    }

    /** The sample tools library from the native-samples JAR on the class path, extracted to a temporary file. */
    private static Path sampleLibrary() throws IOException {
        Path file = Files.createTempDirectory("jmcp-bench-native").resolve("libjmcp-sample-tools.so");
        try (InputStream in = NativeRoundTripBenchmark.class.getClassLoader()
                .getResourceAsStream("native/libjmcp-sample-tools.so")) {
            if (in == null) throw new IllegalStateException("native/libjmcp-sample-tools.so is not on the class path");
            Files.copy(in, file);
        }
        file.toFile().deleteOnExit();
        file.getParent().toFile().deleteOnExit();
        return file;
    }
}
