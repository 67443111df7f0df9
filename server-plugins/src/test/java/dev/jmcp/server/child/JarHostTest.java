package dev.jmcp.server.child;

import dev.jmcp.client.stdio.ChildProcessLauncher;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.ApartPlugin;
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
 * A JAR plugin's child process, the server's own {@link dev.jmcp.server.process.JarHostMain}, against a real plugin
 * JAR and a real child JVM: what its plugin writes to standard output never reaches its parent, and a signal lets its
 * call in flight finish and be answered. That an embedded server runs one, and that it ends with the server, is the HTTP module's
 * {@code EmbeddedJarChildTest}.
 */
@Timeout(120)
class JarHostTest {
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
        PluginJarBuilder.create().plugin(ApartPlugin.CLASS, ApartPlugin.SOURCE).writeTo(plugins.resolve("apart.jar"));
        return plugins;
    }

    @Test
    void aSignalledChildAnswersItsCallInFlightAndExitsZero() throws Exception {
        Path folder = pluginsWithApart();
        Process child = ChildProcessLauncher.start(ChildJvm.jarHost(folder), Map.of(), folder,
                ProcessBuilder.Redirect.PIPE);
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
}
