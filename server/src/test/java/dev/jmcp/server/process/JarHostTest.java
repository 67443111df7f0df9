package dev.jmcp.server.process;

import dev.jmcp.client.McpClient;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.child.ChildProcess;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JAR plugin in a process of its own, run by a server embedded in a program without the jmcp command (this module's
 * tests: the server, its dependencies, SLF4J's simple back end), against a real plugin JAR and a real child JVM: the
 * child is the server's own {@link JarHostMain}, what its plugin writes to standard output never reaches the parent's
 * client, it ends with the server, and a signal lets its call in flight finish and be answered.
 */
@Timeout(120)
class JarHostTest {
    /** Answers its process id; prints on standard output, through System.out and FileDescriptor.out; sleeps. */
    private static final String APART = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.Tool;

            public final class Apart implements Plugin {
                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("pid", "this process's id", Tool.NO_ARGUMENTS),
                            (args, ctx) -> CallToolResult.text(Long.toString(ProcessHandle.current().pid())));
                    registrar.tool(new Tool("stray", "prints forged answers on standard output", Tool.NO_ARGUMENTS),
                            (args, ctx) -> {
                                String forged = "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":999,\\"result\\":{}}\\n";
                                System.out.print(forged);
                                System.out.flush();
                                // Not closed: that would close descriptor 1.
                                var out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                                out.write(forged.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                                out.flush();
                                return CallToolResult.text("printed");
                            });
                    registrar.tool(new Tool("nap", "tells its progress, then sleeps a second", Tool.NO_ARGUMENTS),
                            (args, ctx) -> {
                                ctx.progress(1, null, "napping");
                                Thread.sleep(1_000);
                                return CallToolResult.text("rested");
                            });
                }
            }
            """;
    private static final JsonCodec CODEC = JsonCodec.shared();

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable each : open.reversed()) each.close();
    }

    private Path pluginsWithApart() throws IOException {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        PluginJarBuilder.create().plugin("demo.Apart", APART).writeTo(plugins.resolve("apart.jar"));
        return plugins;
    }

    @Test
    void anEmbeddedServerWithoutTheJmcpCommandRunsAJarInAChildOfItsOwn() throws Exception {
        assertThat(ClassLoader.getSystemResource("dev/jmcp/cli/Jmcp.class")).as("the jmcp command").isNull();
        Path plugins = pluginsWithApart();
        Files.writeString(plugins.resolve("apart.jar.json"), "{\"isolation\": \"process\"}");
        var server = new McpServer(ServerOptions.defaults("embedded", plugins));
        server.start();
        HttpTransport http = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        http.start();
        open.add(server);
        open.add(http);
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL).http(http.url());
        open.add(client);

        // A child slower to start than the first load waits for is served once ready.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.listTools().stream().map(Tool::name).noneMatch("pid"::equals) && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        assertThat(server.failedPlugins()).isEmpty();
        long child = Long.parseLong(text(client.callTool("pid", Map.of())));
        assertThat(child).isNotEqualTo(ProcessHandle.current().pid());
        ProcessHandle process = ProcessHandle.of(child).orElseThrow();
        assertThat(process.parent().map(ProcessHandle::pid)).contains(ProcessHandle.current().pid());
        assertThat(process.info().commandLine().orElse("")).contains(JarHostMain.class.getName())
                .doesNotContain("dev.jmcp.cli");

        // What the plugin prints on standard output goes to the child's standard error: the stream stays whole.
        assertThat(text(client.callTool("stray", Map.of()))).isEqualTo("printed");
        assertThat(Long.parseLong(text(client.callTool("pid", Map.of())))).isEqualTo(child);

        open.remove(client);
        client.close();
        open.remove(http);
        http.close();
        open.remove(server);
        server.close();
        assertThat(process.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the child ends with the server").isFalse();
    }

    @Test
    void aSignalledChildAnswersItsCallInFlightAndExitsZero() throws Exception {
        Path folder = pluginsWithApart();
        Process child = ChildProcess.start(ChildProcess.jarHost(folder), folder);
        open.add(child::destroyForcibly);
        var stderr = new StringBuffer();
        Thread errors = Thread.ofPlatform().daemon().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) stderr.append(line).append('\n');
            } catch (IOException e) {
                // the child is gone
            }
        });
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) lines.add(line);
            } catch (IOException e) {
                // the child is gone
            }
            lines.add("<end>");
        });
        OutputStream in = child.getOutputStream();
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertThat(lines.poll(60, TimeUnit.SECONDS)).as(stderr::toString).contains("\"id\":1", "\"result\"");
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"stray\"}}");
        assertThat(lines.poll(30, TimeUnit.SECONDS)).as(stderr::toString).contains("\"id\":2", "printed");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"nap\","
                + "\"_meta\":{\"progressToken\":\"p\"}}}");
        assertThat(lines.poll(30, TimeUnit.SECONDS)).as(stderr::toString).contains("notifications/progress");

        // SIGTERM through the handle: Process.destroy() would also close this side's pipes, losing the answer.
        assertThat(child.toHandle().destroy()).isTrue();
        var after = new ArrayList<String>();
        for (String line = lines.poll(30, TimeUnit.SECONDS); line != null && !line.equals("<end>");
             line = lines.poll(30, TimeUnit.SECONDS)) {
            after.add(line);
        }
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(errors.join(java.time.Duration.ofSeconds(10))).isTrue();
        assertThat(after).as(stderr::toString).anySatisfy(line -> assertThat(line).contains("\"id\":3", "rested"));
        assertThat(child.exitValue()).as(stderr::toString).isZero();
        assertThat(after).as("nothing but JSON-RPC, the forged answers least")
                .allSatisfy(line -> assertThat(CODEC.parse(line.getBytes(StandardCharsets.UTF_8))).isNotNull())
                .noneMatch(line -> line.contains("999"));
        assertThat(stderr.toString()).as("both forged answers, on standard error")
                .containsPattern("(?s)\"id\":999.*\"id\":999");
    }

    private static void send(OutputStream in, String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static String text(CallToolResult result) {
        assertThat(result.failed()).as(result.toString()).isFalse();
        return ((TextContent) result.content().getFirst()).text();
    }
}
