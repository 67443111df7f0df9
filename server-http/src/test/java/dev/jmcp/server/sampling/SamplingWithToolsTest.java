package dev.jmcp.server.sampling;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.ToolResultContent;
import dev.jmcp.protocol.ToolUseContent;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sampling with tools (2025-11-25), end to end through a real server and client over HTTP, in a stateful revision and
 * in the stateless one: a plugin offers the client's model a tool, the model answers with two tool uses (several
 * content blocks), the plugin sends their results back (several tool_result blocks) and gets the model's final text.
 * A client that did not declare {@code sampling.tools} is never sent such a request: the plugin is told instead.
 */
@Timeout(60)
class SamplingWithToolsTest {
    @TempDir
    Path plugins;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<CreateMessageRequest> seen = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    private static final String PLUGIN = """
            package agent;

            import dev.jmcp.plugin.*;
            import dev.jmcp.protocol.*;
            import java.time.Duration;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.Map;

            public final class Agent implements Plugin {
                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("forecast", "Lets the model look the weather up", null), (args, ctx) -> {
                        var weather = new Tool("get_weather", "The weather of a city", Map.of("type", "object",
                                "properties", Map.of("city", Map.of("type", "string")), "required", List.of("city")));
                        var first = new CreateMessageRequest("Weather in Paris and London?", 200)
                                .withTools(List.of(weather), "auto");
                        CreateMessageResult asked;
                        try {
                            asked = ctx.sample(first, Duration.ofSeconds(20));
                        } catch (ClientRequestException e) {
                            return CallToolResult.text("not offered: " + e.getMessage());
                        }
                        var results = new ArrayList<SamplingContent>();
                        for (ToolUseContent use : asked.toolUses()) {
                            results.add(ToolResultContent.text(use.id(), use.input().get("city") + " is sunny", false));
                        }
                        var messages = new ArrayList<>(first.messages());
                        messages.add(new SamplingMessage(Role.ASSISTANT, asked.content()));
                        messages.add(new SamplingMessage(Role.USER, results));
                        var second = new CreateMessageRequest(messages, null, null, null, null, 200, null, null,
                                first.tools(), first.toolChoice());
                        CreateMessageResult answered = ctx.sample(second, Duration.ofSeconds(20));
                        return CallToolResult.text(asked.stopReason() + " / " + answered.text());
                    });
                }
            }
            """;

    /** The client's model: asks for the weather of both cities, then sums up what the tools said. */
    private CreateMessageResult model(CreateMessageRequest request) {
        seen.add(request);
        var last = request.messages().getLast();
        if (last.content().getFirst() instanceof ToolResultContent) {
            String said = last.content().stream()
                    .map(block -> ((TextContent) ((ToolResultContent) block).content().getFirst()).text())
                    .collect(Collectors.joining(", "));
            return new CreateMessageResult(Role.ASSISTANT, new TextContent("So: " + said), "test-model", "endTurn");
        }
        return new CreateMessageResult(Role.ASSISTANT, List.of(
                new ToolUseContent("call_1", "get_weather", Map.of("city", "Paris")),
                new ToolUseContent("call_2", "get_weather", Map.of("city", "London"))), "test-model", "toolUse");
    }

    private McpClient client(ProtocolVersion version, boolean withTools) throws Exception {
        Files.write(plugins.resolve("agent.jar"), PluginJarBuilder.create().plugin("agent.Agent", PLUGIN).toBytes());
        var server = new McpServer(ServerOptions.defaults("sampling-test", plugins));
        server.start();
        open.add(server);
        HttpTransport http = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        http.start();
        open.add(http);
        Function<CreateMessageRequest, CreateMessageResult> model = this::model;
        McpClientBuilder builder = McpClient.builder().protocolVersion(version);
        builder = withTools ? builder.onSamplingWithTools(model) : builder.onSampling(model);
        McpClient client = builder.http(http.url());
        open.add(client);
        return client;
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"V2025_11_25", "V2026_07_28"})
    void theModelCallsToolsWithSeveralBlocksAndGetsTheirResultsBack(ProtocolVersion version) throws Exception {
        CallToolResult result = client(version, true).callTool("forecast", Map.of());

        assertThat(((TextContent) result.content().getFirst()).text())
                .isEqualTo("toolUse / So: Paris is sunny, London is sunny");
        CreateMessageRequest first = seen.getFirst();
        assertThat(first.tools()).extracting(dev.jmcp.protocol.Tool::name).containsExactly("get_weather");
        assertThat(first.toolChoice()).isEqualTo(Map.of("mode", "auto"));
        CreateMessageRequest second = seen.getLast();
        assertThat(second.messages()).hasSize(3);
        assertThat(second.messages().get(1).content()).hasSize(2).allMatch(ToolUseContent.class::isInstance);
        assertThat(second.messages().get(2).content()).extracting(block -> ((ToolResultContent) block).toolUseId())
                .containsExactly("call_1", "call_2");
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"V2025_11_25", "V2026_07_28"})
    void aClientThatDidNotDeclareSamplingToolsIsNotSentTools(ProtocolVersion version) throws Exception {
        CallToolResult result = client(version, false).callTool("forecast", Map.of());

        assertThat(((TextContent) result.content().getFirst()).text())
                .startsWith("not offered: ").contains("sampling.tools");
        assertThat(seen).isEmpty();
    }
}
