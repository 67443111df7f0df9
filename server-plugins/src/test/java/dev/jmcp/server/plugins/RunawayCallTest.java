package dev.jmcp.server.plugins;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call that ignores interruption runs on after it is cancelled, and a JVM cannot stop it: once it has outlived the
 * cancellation's grace, its plugin is marked runaway, and new calls to it are refused with why and what to do
 * ({@code isolation=process}) instead of adding stuck threads. Over stdio, against a real plugin JAR.
 */
@Timeout(60)
class RunawayCallTest {
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},\
            "clientInfo":{"name":"t","version":"1"}}}""";

    @TempDir
    Path folder;

    private McpServer server;
    private Path stop;

    @AfterEach
    void close() throws Exception {
        // Lets the stuck call end, so it does not outlive the test.
        if (stop != null) Files.writeString(stop, "stop");
        if (server != null) server.close();
    }

    @Test
    void aCancelledCallThatIgnoresInterruptionMarksItsPluginRunawayAndItsNewCallsAreRefused() throws Exception {
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        stop = folder.resolve("stop");
        TestPlugins.plugin("stubborn", """
                var stop = java.nio.file.Path.of("%s");
                registrar.tool(new Tool("spin", "never stops when asked", Tool.NO_ARGUMENTS), (a, c) -> {
                    c.progress(1, null, "spinning");
                    while (!java.nio.file.Files.exists(stop)) {
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException ignored) {
                            // deaf to cancellation
                        }
                    }
                    return CallToolResult.text("stopped");
                });
                registrar.tool(new Tool("hello", "answers", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("hi"));
                """.formatted(stop)).writeTo(plugins.resolve("stubborn.jar"));
        server = new McpServer(ServerOptions.defaults("runaway", plugins));
        server.start();
        var toServer = new PipedOutputStream();
        var serverIn = new PipedInputStream(toServer, 1 << 16);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                server.serveStdio(serverIn, new LineSink(lines));
            } catch (Exception ignored) {
                // ends with the test
            }
        });
        send(toServer, INITIALIZE);
        assertThat(lines.poll(10, TimeUnit.SECONDS)).contains("\"id\":1");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"spin\","
                + "\"_meta\":{\"progressToken\":\"p\"}}}");
        assertThat(lines.poll(10, TimeUnit.SECONDS)).as("the call runs").contains("notifications/progress");
        send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}");

        // Bounded: the plugin is marked some seconds after the cancellation; until then its calls are served.
        String answer = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int id = 3; System.nanoTime() < deadline; id++) {
            send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"hello\"}}");
            answer = lines.poll(10, TimeUnit.SECONDS);
            assertThat(answer).as("an answer to call " + id).contains("\"id\":" + id);
            if (answer.contains("runaway")) break;
            assertThat(lines.poll(250, TimeUnit.MILLISECONDS)).as("nothing else, the cancelled call least").isNull();
        }
        assertThat(answer).contains("\"isError\":true", "plugin stubborn is runaway", "after it was cancelled",
                "isolation=process");
        assertThat(lines).noneMatch(line -> line.contains("\"id\":2,"));
        // The console lists it with why.
        assertThat(server.runawayPlugins()).hasSize(1).allSatisfy((file, why) -> {
            assertThat(file.getFileName()).hasToString("stubborn.jar");
            assertThat(why).contains("after it was cancelled");
        });
    }

    /** The server's output, one message per line, into a queue the test polls. */
    private static final class LineSink extends OutputStream {
        private final BlockingQueue<String> lines;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineSink(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }
    }

    private static void send(OutputStream out, String line) throws Exception {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
