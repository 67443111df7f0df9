package dev.jmcp.server;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request that needs a part of a capability the client declared without it ({@code sampling.tools} for sampling
 * that offers the model tools, {@code elicitation.url} for a URL-mode elicitation) is refused by its row of the
 * outbound table, so a handler is told the same on a stateful session (2025-11-25) and on a stateless request
 * (2026-07-28), and nothing is sent to the client; one that declared it is asked, on both.
 */
@Timeout(30)
class OutboundRefusalTest {
    private static final CreateMessageRequest WITH_TOOLS = new CreateMessageRequest("2+2?", 10)
            .withTools(List.of(new Tool("add", "adds two numbers", Map.of("type", "object"))), "auto");

    private final ServerOptions options = ServerOptions.defaults("outbound-refusal-test", Path.of("unused"));
    private final Registry registry = Registry.of(List.of(new Contribution(Owner.BUILT_IN, List.of(
            tool("sample_with_tools", ctx -> ctx.sample(WITH_TOOLS, Duration.ofSeconds(5))),
            tool("elicit_by_url", ctx -> ctx.elicit(ElicitRequest.url("Sign in", "https://example.com/login",
                    "e-1"), Duration.ofSeconds(5))),
            tool("sample_with_tools_among_inputs", ctx -> ctx.requestInputs(Map.of("model",
                    InputRequest.sample(WITH_TOOLS)), Duration.ofSeconds(5)))),
            List.of(), List.of(), List.of(), List.of(), List.of())));
    private final Engine engine = new Engine(options, () -> registry, Methods.table(options));
    private final List<ServerSession> sessions = new ArrayList<>();
    private int ids;

    @AfterEach
    void close() {
        sessions.forEach(ServerSession::close);
    }

    /** A tool that asks the client through {@code asking} and says what became of it. */
    private static ToolEntry tool(String name, Asking asking) {
        ToolHandler handler = (args, ctx) -> {
            try {
                asking.ask(ctx);
                return CallToolResult.text("asked");
            } catch (ClientRequestException e) {
                return CallToolResult.text("refused " + e.reason() + ": " + e.getMessage());
            }
        };
        return new ToolEntry(new Tool(name, "asks the client", null), handler, ArgumentsValidator.ACCEPT_ALL,
                Owner.BUILT_IN);
    }

    @FunctionalInterface
    private interface Asking {
        Object ask(dev.jmcp.plugin.RequestContext ctx);
    }

    @Test
    void samplingWithToolsIsRefusedAlikeOnBothWiresToAClientWithoutSamplingTools() throws Exception {
        for (String tool : List.of("sample_with_tools", "sample_with_tools_among_inputs")) {
            String stateful = statefulCall(tool, Map.of("sampling", Map.of()));
            String stateless = statelessCall(tool, Map.of("sampling", Map.of()));
            assertThat(stateful).as(tool).isEqualTo("refused NOT_SUPPORTED: the client did not declare the "
                    + "sampling.tools capability (protocol 2025-11-25)");
            assertThat(stateless).as(tool).isEqualTo(stateful.replace("2025-11-25", "2026-07-28"));
        }
    }

    @Test
    void aUrlModeElicitationIsRefusedAlikeOnBothWiresToAClientWithoutElicitationUrl() throws Exception {
        Map<String, Object> formOnly = Map.of("elicitation", Map.of("form", Map.of()));
        String stateful = statefulCall("elicit_by_url", formOnly);
        assertThat(stateful).isEqualTo("refused NOT_SUPPORTED: the client did not declare the elicitation.url "
                + "capability (protocol 2025-11-25)");
        assertThat(statelessCall("elicit_by_url", formOnly)).isEqualTo(stateful.replace("2025-11-25", "2026-07-28"));
    }

    @Test
    void aClientThatDeclaredThePartIsAskedOnBothWires() throws Exception {
        var declared = Map.<String, Object>of("sampling", Map.of("tools", Map.of()),
                "elicitation", Map.of("url", Map.of()));
        for (var asked : Map.of("sample_with_tools", "sampling/createMessage",
                "elicit_by_url", "elicitation/create").entrySet()) {
            var session = initialized(declared);
            send(session.session(), request(++ids, asked.getKey(), null));
            assertThat(session.client().nextObject()).as("the stateful client is asked")
                    .containsEntry("method", asked.getValue());

            var stateless = statelessResponse(asked.getKey(), declared);
            @SuppressWarnings("unchecked") var result = (Map<String, Object>) stateless.get("result");
            assertThat(result).as(stateless.toString()).containsEntry("resultType", "input_required");
            assertThat(result.get("inputRequests").toString()).contains(asked.getValue());
        }
    }

    @Test
    void aRevisionWithoutUrlModeElicitationSaysSoRatherThanBlamingTheClient() throws Exception {
        var session = initialized("2025-06-18", Map.of("elicitation", Map.of("url", Map.of())));
        int id = ++ids;
        send(session.session(), request(id, "elicit_by_url", null));
        assertThat(text(responseTo(session.client(), id))).isEqualTo("refused NOT_SUPPORTED: protocol 2025-06-18 "
                + "has no URL-mode elicitation (it came with 2025-11-25); the client cannot be asked");
    }

    private record Opened(ServerSession session, MemoryConnection client) {
    }

    private Opened initialized(Map<String, Object> capabilities) throws InterruptedException {
        return initialized("2025-11-25", capabilities);
    }

    private Opened initialized(String version, Map<String, Object> capabilities) throws InterruptedException {
        var client = new MemoryConnection();
        ServerSession session = engine.openSession(client);
        sessions.add(session);
        send(session, JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", "init",
                "method", "initialize", "params", Map.of("protocolVersion", version, "capabilities", capabilities,
                        "clientInfo", Map.of("name", "t", "version", "1")))));
        assertThat(client.nextObject()).containsKey("result");
        send(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return new Opened(session, client);
    }

    private String statefulCall(String tool, Map<String, Object> capabilities) throws InterruptedException {
        var opened = initialized(capabilities);
        int id = ++ids;
        send(opened.session(), request(id, tool, null));
        return text(responseTo(opened.client(), id));
    }

    private String statelessCall(String tool, Map<String, Object> capabilities) throws InterruptedException {
        return text(statelessResponse(tool, capabilities));
    }

    private Map<String, Object> statelessResponse(String tool, Map<String, Object> capabilities)
            throws InterruptedException {
        var client = new MemoryConnection();
        ServerSession session = engine.openSession(client);
        sessions.add(session);
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "t", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
        int id = ++ids;
        send(session, request(id, tool, meta));
        return responseTo(client, id);
    }

    /** The response to request {@code id}; the client is sent nothing else first (no question, no notification). */
    private static Map<String, Object> responseTo(MemoryConnection client, int id) throws InterruptedException {
        Map<String, Object> message = client.nextObject();
        assertThat(message).as("the first message the client gets").containsEntry("id", id);
        return message;
    }

    private static String request(int id, String tool, Map<String, Object> meta) {
        var params = new LinkedHashMap<String, Object>();
        params.put("name", tool);
        params.put("arguments", Map.of());
        if (meta != null) params.put("_meta", meta);
        return JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
                "params", params));
    }

    private static void send(ServerSession session, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> response) {
        var result = (Map<String, Object>) response.get("result");
        assertThat(result).as(response.toString()).isNotNull();
        var content = (List<Map<String, Object>>) result.get("content");
        return (String) content.getFirst().get("text");
    }
}
