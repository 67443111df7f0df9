package dev.jmcp.server;

import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.transport.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a review of the stateless path found, each pinned: a handler's Error still answers, a cancelled handler keeps
 * its slot until it really ends, a slow listener never blocks the plugin announcing a change, and only the methods the
 * revision allows answer input_required.
 */
@Timeout(30)
class StatelessRobustnessTest {

    private static Map<String, Object> meta(Map<String, Object> capabilities) {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
        return meta;
    }

    private static void send(ServerSession session, Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    private static Engine engine(Map<String, MethodHandler> methods, int maxPending, Registry registry) {
        var options = new ServerOptions("robust", "0", Path.of("unused"), 100, 1 << 20, maxPending, null);
        return new Engine(options, () -> registry, Methods.table(options).withHandlers(methods));
    }

    @Test
    void aHandlerThatThrowsAnErrorStillAnswersAndFreesItsId() throws Exception {
        var client = new MemoryConnection();
        MethodHandler broken = call -> {
            throw new StackOverflowError();
        };
        ServerSession session = engine(Map.of("prompts/get", broken), 16, Registry.EMPTY).openSession(client);
        send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "prompts/get", "params",
                Map.of("_meta", meta(Map.of()), "name", "p")));
        var answer = client.nextObject();
        assertThat(answer).containsEntry("id", 1);
        assertThat(answer.get("error").toString()).contains("-32603", "StackOverflowError").doesNotContain("at dev.");
        session.inputEnded();
        assertThat(session.awaitIdle(Duration.ofSeconds(5))).isTrue();

        var stateful = engine(Map.of("prompts/get", broken), 16, Registry.EMPTY).openSession(client);
        send(stateful, Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize", "params",
                Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of())));
        assertThat(client.nextObject()).containsKey("result");
        send(stateful, Map.of("jsonrpc", "2.0", "id", 2, "method", "prompts/get", "params", Map.of("name", "p")));
        assertThat(client.nextObject().get("error").toString()).contains("-32603");
    }

    @Test
    void aCancelledHandlerKeepsItsSlotUntilItHasReallyEnded() throws Exception {
        var client = new MemoryConnection();
        var release = new CountDownLatch(1);
        var started = new CountDownLatch(2);
        MethodHandler stubborn = call -> {
            started.countDown();
            // Ignores interruption, as blocking I/O may: it ends only when released.
            while (true) {
                try {
                    if (release.await(10, TimeUnit.MILLISECONDS)) return Map.of();
                } catch (InterruptedException ignored) {
                    // keeps waiting
                }
            }
        };
        ServerSession session = engine(Map.of("tools/call", stubborn), 2, Registry.EMPTY).openSession(client);
        for (int id = 1; id <= 2; id++) {
            send(session, Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call", "params",
                    Map.of("_meta", meta(Map.of()), "name", "slow")));
        }
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        for (int id = 1; id <= 2; id++) {
            send(session, Map.of("jsonrpc", "2.0", "method", "notifications/cancelled", "params", Map.of("requestId", id)));
        }
        send(session, Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/call", "params",
                Map.of("_meta", meta(Map.of()), "name", "slow")));
        var busy = client.nextObject();
        assertThat(busy).containsEntry("id", 3);
        assertThat(busy.get("error").toString()).contains("Server busy");
        release.countDown();
        assertThat(session.awaitIdle(Duration.ofSeconds(5))).isTrue();
    }

    @Test
    void aListenerSlowToReadNeverBlocksThePluginAnnouncingAChange() throws Exception {
        var stuck = new CountDownLatch(1);
        Connection slow = new Connection() {
            @Override
            public void send(JsonRpcMessage message, RequestId related) {
                if (message instanceof JsonRpcNotification n && n.method().equals("notifications/resources/updated")) {
                    try {
                        stuck.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }

            @Override
            public void sendBatch(List<JsonRpcMessage> responses) {
            }
        };
        Engine engine = engine(Map.of(), 16, Registry.EMPTY);
        ServerSession session = engine.openSession(slow);
        send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "subscriptions/listen", "params",
                Map.of("_meta", meta(Map.of()), "notifications", Map.of("resourceSubscriptions", List.of("test://r")))));
        var returned = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            engine.resourceUpdated("test://r");
            returned.countDown();
        });
        assertThat(returned.await(2, TimeUnit.SECONDS)).isTrue();
        stuck.countDown();
    }

    @Test
    void onlyToolsPromptsAndReadsMayAnswerInputRequired() throws Exception {
        var client = new MemoryConnection();
        var base = new TestContributions().contribution(0);
        var completions = List.of(new CompletionEntry(CompletionEntry.Kind.PROMPT, "greet", "name",
                (value, resolved, ctx) -> Completion.of(ctx.roots(Duration.ofSeconds(1)).stream().map(r -> r.uri()).toList()),
                Owner.BUILT_IN));
        var contribution = new Contribution(Owner.BUILT_IN, base.tools(), base.prompts(), base.resources(),
                base.templates(), completions, List.of());
        var options = ServerOptions.defaults("robust", Path.of("unused"));
        ServerSession session = new Engine(options, () -> Registry.of(List.of(contribution)), Methods.table(options))
                .openSession(client);
        send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "completion/complete", "params", Map.of(
                "_meta", meta(Map.of("roots", Map.of())),
                "ref", Map.of("type", "ref/prompt", "name", "greet"), "argument", Map.of("name", "name", "value", "A"))));
        var answer = client.nextObject();
        assertThat(answer.toString()).doesNotContain("input_required");
        assertThat(answer.get("error").toString()).contains("cannot ask the client for input");
    }
}
