package dev.jmcp.server;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.transport.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, item 5: a tool's {@link OutOfMemoryError} (a real one: an array larger than the VM allows) gets exactly one
 * response, an {@code isError} result, on both wires; the same failure in another method is a -32603 error; and a
 * response that cannot be sent for lack of memory is replaced by a -32603 error instead of being lost.
 */
@Timeout(30)
class OutOfMemoryAnswersTest {
    private static final Map<String, Object> STATELESS_META = Map.of("io.modelcontextprotocol/protocolVersion",
            "2026-07-28", "io.modelcontextprotocol/clientCapabilities", Map.of());

    private static Registry registry() {
        var exhaust = new ToolEntry(new Tool("exhaust", "Allocates more than the VM can", null), (args, ctx) -> {
            long[] tooLarge = new long[Integer.MAX_VALUE - 2];
            return CallToolResult.text("never " + tooLarge.length);
        }, ArgumentsValidator.ACCEPT_ALL, Owner.BUILT_IN);
        return Registry.of(List.of(new Contribution(Owner.BUILT_IN, List.of(exhaust), List.of(), List.of(), List.of(),
                List.of(), List.of())));
    }

    private static Engine engine(Map<String, MethodHandler> overrides) {
        var options = new ServerOptions("oom", "0", Path.of("unused"), 100, 1 << 20, 16, null);
        return new Engine(options, OutOfMemoryAnswersTest::registry, Methods.table(options).withHandlers(overrides));
    }

    private static void send(ServerSession session, Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    private static ServerSession initialized(Engine engine, MemoryConnection client) throws InterruptedException {
        ServerSession session = engine.openSession(client);
        send(session, Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize", "params",
                Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of())));
        assertThat(client.nextObject()).containsKey("result");
        return session;
    }

    @Test
    void aToolThatRunsOutOfMemoryGetsOneErrorResultAndTheSessionGoesOn() throws Exception {
        var client = new MemoryConnection();
        ServerSession session = initialized(engine(Map.of()), client);
        send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params", Map.of("name", "exhaust")));
        var answer = client.nextObject();
        assertThat(answer).containsEntry("id", 1);
        assertThat(answer.get("result").toString()).contains("isError=true", "ran out of memory");
        send(session, Map.of("jsonrpc", "2.0", "id", 2, "method", "ping"));
        assertThat(client.nextObject()).containsEntry("id", 2).containsKey("result");
        assertThat(client.poll(200)).as("one answer only").isNull();
        session.close();
    }

    @Test
    void aStatelessToolThatRunsOutOfMemoryGetsOneErrorResult() throws Exception {
        var client = new MemoryConnection();
        ServerSession session = engine(Map.of()).openSession(client);
        send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params",
                Map.of("_meta", STATELESS_META, "name", "exhaust")));
        var answer = client.nextObject();
        assertThat(answer).containsEntry("id", 1);
        assertThat(answer.get("result").toString()).contains("isError=true", "ran out of memory");
        assertThat(client.poll(200)).as("one answer only").isNull();
        session.close();
    }

    @Test
    void anotherMethodRunningOutOfMemoryGetsOneInternalErrorOnBothWires() throws Exception {
        MethodHandler exhausting = call -> new long[Integer.MAX_VALUE - 2];
        var client = new MemoryConnection();
        ServerSession stateful = initialized(engine(Map.of("prompts/get", exhausting)), client);
        send(stateful, Map.of("jsonrpc", "2.0", "id", 1, "method", "prompts/get", "params", Map.of("name", "p")));
        var answer = client.nextObject();
        assertThat(answer).containsEntry("id", 1);
        assertThat(answer.get("error").toString()).contains("-32603", "OutOfMemoryError");

        ServerSession stateless = engine(Map.of("prompts/get", exhausting)).openSession(client);
        send(stateless, Map.of("jsonrpc", "2.0", "id", 2, "method", "prompts/get", "params",
                Map.of("_meta", STATELESS_META, "name", "p")));
        answer = client.nextObject();
        assertThat(answer).containsEntry("id", 2);
        assertThat(answer.get("error").toString()).contains("-32603", "OutOfMemoryError");
        assertThat(client.poll(200)).as("one answer each").isNull();
    }

    /**
     * A transport whose encoder fails once on the result of request 1: out of memory, as it does on one too large for
     * the heap, or with the {@link LinkageError} of a class whose initialization an exhausted heap broke.
     */
    private static final class HeapTooSmall implements Connection {
        final MemoryConnection delivered = new MemoryConnection();
        final AtomicBoolean failedOnce = new AtomicBoolean();
        final java.util.function.Supplier<Error> failure;

        HeapTooSmall(java.util.function.Supplier<Error> failure) {
            this.failure = failure;
        }

        @Override
        public void send(JsonRpcMessage message, RequestId relatedRequest) {
            if (message instanceof JsonRpcResponse r && RequestId.of(1).equals(r.id())
                    && failedOnce.compareAndSet(false, true)) {
                throw failure.get();
            }
            delivered.send(message, relatedRequest);
        }

        @Override
        public void sendBatch(List<JsonRpcMessage> responses) {
            delivered.sendBatch(responses);
        }
    }

    @Test
    void aResultTooLargeToSendIsReplacedByOneInternalError() throws Exception {
        answerReplaced(() -> new OutOfMemoryError("Java heap space"), "could not be sent");
    }

    /**
     * Seen in CI while a plugin exhausted the heap: a class first initialized then fails for good, and the answer whose
     * encoding met it was claimed but never written, so its replacement was dropped as a second answer.
     */
    @Test
    void anAnswerWhoseEncodingMetABrokenClassIsReplacedByOneInternalError() throws Exception {
        answerReplaced(() -> new NoClassDefFoundError("Could not initialize class com.example.Encoder"),
                "NoClassDefFoundError");
    }

    private static void answerReplaced(java.util.function.Supplier<Error> failure, String said) throws Exception {
        for (boolean stateless : new boolean[]{false, true}) {
            var connection = new HeapTooSmall(failure);
            Engine engine = engine(Map.of());
            ServerSession session = engine.openSession(connection);
            Map<String, Object> params = Map.of("name", "p");
            if (stateless) {
                params = Map.of("_meta", STATELESS_META);
            } else {
                send(session, Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize", "params",
                        Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of())));
                assertThat(connection.delivered.nextObject()).containsKey("result");
            }
            send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/list", "params", params));
            var answer = connection.delivered.nextObject();
            assertThat(answer).as("stateless=%s", stateless).containsEntry("id", 1);
            assertThat(answer.get("error").toString()).contains("-32603", said);
            assertThat(connection.delivered.poll(200)).as("one answer only").isNull();
            session.close();
        }
    }
}
