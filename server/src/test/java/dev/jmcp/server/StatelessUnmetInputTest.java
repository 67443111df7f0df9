package dev.jmcp.server;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.ToolException;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In 2026-07-28 a handler that asks for input the request did not bring ends the call with {@code input_required}
 * (or -32021 for a capability the request lacks), whatever the handler does with the exception that stops it: caught
 * and a result returned, wrapped in a tool error, or raised on a thread of the handler's own.
 */
@Timeout(30)
class StatelessUnmetInputTest {
    private static final Map<String, Object> FORM = Map.of("type", "object",
            "properties", Map.of("v", Map.of("type", "string")));
    private final AtomicReference<String> caught = new AtomicReference<>();
    private final MemoryConnection client = new MemoryConnection();
    private final ServerOptions options = ServerOptions.defaults("unmet-input-test", Path.of("unused"));
    private final Registry registry = Registry.of(List.of(new Contribution(Owner.BUILT_IN, List.of(
            tool("swallows", (args, ctx) -> {
                try {
                    ctx.elicit(ElicitRequest.form("Name?", FORM), Duration.ofSeconds(5));
                    return CallToolResult.text("answered");
                } catch (Exception e) {
                    caught.set(e.getClass().getSimpleName() + ": " + e.getMessage());
                    return CallToolResult.text("went on without the answer");
                }
            }),
            tool("wraps", (args, ctx) -> {
                try {
                    ctx.elicit(ElicitRequest.form("Name?", FORM), Duration.ofSeconds(5));
                    return CallToolResult.text("answered");
                } catch (ClientRequestException e) {
                    throw new ToolException("could not ask: " + e.getMessage());
                }
            }),
            tool("asks_on_its_own_thread", (args, ctx) -> {
                try (var pool = Executors.newSingleThreadExecutor()) {
                    return pool.submit(() -> {
                        ctx.elicit(ElicitRequest.form("Name?", FORM), Duration.ofSeconds(5));
                        return CallToolResult.text("answered");
                    }).get();
                }
            }),
            tool("swallows_a_missing_capability", (args, ctx) -> {
                try {
                    ctx.sample(new CreateMessageRequest("2+2?", 10), Duration.ofSeconds(5));
                    return CallToolResult.text("answered");
                } catch (RuntimeException e) {
                    return CallToolResult.text("went on without the model");
                }
            })), List.of(), List.of(), List.of(), List.of(), List.of())));
    private final Engine engine = new Engine(options, () -> registry, Methods.table(options));
    private final ServerSession session = engine.openSession(client);
    private int ids;

    @AfterEach
    void close() {
        session.close();
    }

    private static ToolEntry tool(String name, dev.jmcp.plugin.ToolHandler handler) {
        return new ToolEntry(new Tool(name, "asks the client", null), handler, ArgumentsValidator.ACCEPT_ALL,
                Owner.BUILT_IN);
    }

    private Map<String, Object> call(String tool, Map<String, Object> capabilities) throws InterruptedException {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "t", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
        int id = ++ids;
        byte[] bytes = JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
                "params", Map.of("name", tool, "arguments", Map.of(), "_meta", meta))).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
        Map<String, Object> message;
        do {
            message = client.nextObject();
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    @SuppressWarnings("unchecked")
    private void assertInputRequired(Map<String, Object> response) {
        assertThat(response).containsKey("result");
        var result = (Map<String, Object>) response.get("result");
        assertThat(result).containsEntry("resultType", "input_required").containsKey("requestState");
        assertThat(result.get("inputRequests").toString()).contains("elicitation/create", "Name?");
    }

    @Test
    void aHandlerThatCatchesWhatStopsItStillEndsWithInputRequired() throws Exception {
        assertInputRequired(call("swallows", Map.of("elicitation", Map.of())));
        assertThat(caught.get()).as("what the plugin saw").startsWith("ClientRequestException")
                .contains("input_required");
    }

    @Test
    void aHandlerThatWrapsItInAToolErrorStillEndsWithInputRequired() throws Exception {
        assertInputRequired(call("wraps", Map.of("elicitation", Map.of())));
    }

    @Test
    void aQuestionAskedOnAThreadOfTheHandlersOwnEndsWithInputRequired() throws Exception {
        assertInputRequired(call("asks_on_its_own_thread", Map.of("elicitation", Map.of())));
    }

    @SuppressWarnings("unchecked")
    @Test
    void aMissingCapabilityCaughtByTheHandlerIsStillMissingClientCapability() throws Exception {
        var response = call("swallows_a_missing_capability", Map.of());
        var error = (Map<String, Object>) response.get("error");
        assertThat(error).as(response.toString()).isNotNull();
        assertThat(error.get("code")).isEqualTo(-32021);
        assertThat(error.get("data")).isEqualTo(Map.of("requiredCapabilities", Map.of("sampling", Map.of())));
    }
}
