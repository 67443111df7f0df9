package dev.jmcp.server.http;

import dev.jmcp.client.McpClient;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.testkit.ApartPlugin;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JAR plugin in a process of its own, run by a server embedded in a program without the jmcp command (this module's
 * tests: the server, its HTTP transport, their dependencies, SLF4J's simple back end) and served to a client over HTTP,
 * against a real plugin JAR and a real child JVM: the child is the server's own {@code process.JarHostMain}, what its
 * plugin writes to standard output never reaches the client, and it ends with the server. (The child's own behaviour,
 * a signal included, is the server module's {@code JarHostTest}.)
 */
@Timeout(120)
class EmbeddedJarChildTest {

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
        assertThat(process.info().commandLine().orElse("")).contains("dev.jmcp.server.process.JarHostMain")
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

    private static String text(CallToolResult result) {
        assertThat(result.failed()).as(result.toString()).isFalse();
        return ((TextContent) result.content().getFirst()).text();
    }
}
