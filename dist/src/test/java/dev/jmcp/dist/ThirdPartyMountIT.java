package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference "everything" MCP server from npm ({@code @modelcontextprotocol/server-everything}, pinned and installed
 * by {@code conformance/mcp-servers.sh} into the git-ignored cache) mounted over stdio by {@code bin/jmcp serve},
 * driven with jmcp's client: its tools under a prefix, progress, and its sampling and elicitation requests answered
 * by the client through the mount.
 */
@Timeout(400)
class ThirdPartyMountIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();

    @TempDir
    Path work;

    /** The node binary and the server's entry script, installing them first if needed. */
    private static List<String> everythingServer() throws Exception {
        Process install = new ProcessBuilder("bash", REPOSITORY.resolve("conformance/mcp-servers.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(install.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(install.exitValue()).as("conformance/mcp-servers.sh").isZero();
        return out.lines().filter(line -> !line.isBlank()).toList();
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String texts(CallToolResult result) {
        return result.content().stream().map(c -> c instanceof TextContent t ? t.text() : "")
                .collect(Collectors.joining("\n"));
    }

    @Test
    void theReferenceEverythingServerFromNpmIsMountedWithSamplingElicitationAndProgress() throws Exception {
        List<String> server = everythingServer();
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.writeString(plugins.resolve("everything.mcp.json"), """
                {"command": %s, "args": [%s, "stdio"], "prefix": "ev_", "connectTimeout": 60}
                """.formatted(json(server.get(0)), json(server.get(1))));
        BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();
        // A stateful session, as before the client negotiated the newest revision by itself.
        try (McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(60)).stderr(line -> { })
                .onNotification(notifications::add)
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT,
                        new TextContent("sampled through jmcp"), "test-model", "endTurn"))
                .onElicitation(request -> new ElicitResult("decline", null))
                .stdio(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString()), Map.of())) {

            assertThat(text(client.callTool("ev_echo", Map.of("message", "hello mount")))).contains("hello mount");

            var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
            CallToolResult longRun = client.callTool("ev_trigger-long-running-operation",
                    Map.of("duration", 1, "steps", 3), progress::add);
            assertThat(longRun.failed()).isFalse();
            assertThat(progress.poll(10, TimeUnit.SECONDS)).isNotNull();

            // Its sampling and elicitation tools appear once it has seen the mount's capabilities (list_changed).
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            List<String> names = client.listTools().stream().map(Tool::name).toList();
            while (!names.contains("ev_trigger-sampling-request") && System.nanoTime() < deadline) {
                notifications.poll(200, TimeUnit.MILLISECONDS);
                names = client.listTools().stream().map(Tool::name).toList();
            }
            assertThat(names).contains("ev_trigger-sampling-request", "ev_trigger-elicitation-request");

            CallToolResult sampled = client.callTool("ev_trigger-sampling-request", Map.of("prompt", "hi"));
            assertThat(sampled.failed()).isFalse();
            assertThat(texts(sampled)).contains("sampled through jmcp");
            CallToolResult elicited = client.callTool("ev_trigger-elicitation-request", Map.of());
            assertThat(elicited.failed()).isFalse();
            assertThat(texts(elicited)).contains("declined");
        }
    }

    @Test
    void jmcpsClientTalksToTheReferenceServerDirectly() throws Exception {
        List<String> server = everythingServer();
        BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();
        // Unpinned: the reference server (2025 only) is reached through the client's fallback to initialize.
        try (McpClient client = McpClient.builder().requestTimeout(Duration.ofSeconds(60)).stderr(line -> { })
                .onNotification(notifications::add)
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT, new TextContent("sampled directly"),
                        "test-model", "endTurn"))
                .onElicitation(request -> new ElicitResult("decline", null))
                .stdio(List.of(server.get(0), server.get(1), "stdio"), Map.of())) {
            // The newest revision both speak, found by the client itself.
            assertThat(client.protocolVersion()).isEqualTo(dev.jmcp.protocol.ProtocolVersion.LATEST_STATEFUL);
            assertThat(client.listTools()).extracting(Tool::name).contains("echo", "trigger-sampling-request",
                    "trigger-elicitation-request");
            assertThat(text(client.callTool("echo", Map.of("message", "hello directly")))).contains("hello directly");
            var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
            assertThat(client.callTool("trigger-long-running-operation", Map.of("duration", 1, "steps", 3),
                    progress::add).failed()).isFalse();
            assertThat(progress.poll(10, TimeUnit.SECONDS)).isNotNull();
            assertThat(texts(client.callTool("trigger-sampling-request", Map.of("prompt", "hi"))))
                    .contains("sampled directly");
            assertThat(texts(client.callTool("trigger-elicitation-request", Map.of()))).contains("declined");
            assertThat(client.listPrompts()).isNotEmpty();
            assertThat(client.listResources()).isNotEmpty();
        }
    }

    private static String text(CallToolResult result) {
        Content first = result.content().getFirst();
        return first instanceof TextContent t ? t.text() : String.valueOf(first);
    }
}
