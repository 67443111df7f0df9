package dev.jmcp.server;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Observers see every request the dispatcher runs, on both wires, with how it ended; a failing observer costs nothing. */
@Timeout(30)
class CallObserverTest {
    private record Seen(CallInfo call, CallOutcome outcome, String thread) {
    }

    private final TestContributions plugins = new TestContributions();
    private final ServerOptions options = ServerOptions.defaults("observed", Path.of("unused"));
    private final Engine engine = new Engine(options, () -> Registry.of(List.of(plugins.contribution(0))),
            Methods.table(options));
    private final MemoryConnection client = new MemoryConnection();
    private final ServerSession session = engine.openSession(client);
    private final LinkedBlockingQueue<Seen> seen = new LinkedBlockingQueue<>();

    CallObserverTest() {
        engine.observe(call -> {
            String started = Thread.currentThread().getName();
            return outcome -> seen.add(new Seen(call, outcome, started));
        });
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void aStatefulToolCallIsSeenWithItsToolRevisionSessionAndOutcome() throws Exception {
        initialize();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"hi\"},\"_meta\":{\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\"}}}");
        assertThat(client.nextObject()).containsKey("result");
        Seen call = next();
        assertThat(call.call().method()).isEqualTo("tools/call");
        assertThat(call.call().target()).isEqualTo("echo");
        assertThat(call.call().revision()).isEqualTo("2025-11-25");
        assertThat(call.call().session()).isEqualTo(session.id());
        assertThat(call.call().meta()).containsKey("traceparent");
        assertThat(call.outcome().kind()).isEqualTo(CallOutcome.Kind.OK);
        assertThat(call.outcome().endNanos()).isGreaterThanOrEqualTo(call.call().startNanos());
        assertThat(call.thread()).as("started on the handler's thread").startsWith("mcp-tools/call");
    }

    @Test
    void aPromptAResourceAndASubscriptionAreSeenWithWhatTheyNameAndAListingWithNothing() throws Exception {
        initialize();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\",\"params\":{\"name\":\"greet\","
                + "\"arguments\":{\"name\":\"Ada\"}}}");
        client.nextObject();
        assertThat(next().call().target()).isEqualTo("greet");
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://static\"}}");
        client.nextObject();
        assertThat(next().call().target()).isEqualTo("test://static");
        send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"test://static\"}}");
        client.nextObject();
        assertThat(next().call().target()).isEqualTo("test://static");
        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{}}");
        client.nextObject();
        Seen listing = next();
        assertThat(listing.call().method()).isEqualTo("tools/list");
        assertThat(listing.call().target()).isNull();
    }

    @Test
    void aToolErrorAndAJsonRpcErrorAreToldApart() throws Exception {
        initialize();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"fail\"}}");
        client.nextObject();
        assertThat(next().outcome().kind()).isEqualTo(CallOutcome.Kind.TOOL_ERROR);
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"no/such/method\"}");
        client.nextObject();
        CallOutcome unknown = next().outcome();
        assertThat(unknown.kind()).isEqualTo(CallOutcome.Kind.ERROR);
        assertThat(unknown.errorCode()).isEqualTo(ErrorCodes.METHOD_NOT_FOUND);
        assertThat(unknown.errorMessage()).contains("no/such/method");
    }

    @Test
    void aStatelessRequestIsSeenWithItsRevisionAndNoSession() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        assertThat(client.nextObject()).containsKey("result");
        Seen list = next();
        assertThat(list.call().method()).isEqualTo("tools/list");
        assertThat(list.call().revision()).isEqualTo("2026-07-28");
        assertThat(list.call().session()).isNull();
        assertThat(list.outcome().kind()).isEqualTo(CallOutcome.Kind.OK);
    }

    @Test
    void anObserverThatThrowsNeitherLosesTheAnswerNorStopsTheOthers() throws Exception {
        engine.observe(call -> {
            throw new IllegalStateException("broken observer");
        });
        initialize();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(client.nextObject()).containsKey("result");
        assertThat(next().call().method()).isEqualTo("ping");
    }

    private void initialize() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertThat(client.nextObject()).containsKey("result");
        assertThat(next().call().method()).isEqualTo("initialize");
    }

    private Seen next() throws InterruptedException {
        Seen next = seen.poll(10, TimeUnit.SECONDS);
        assertThat(next).as("an observed call").isNotNull();
        return next;
    }

    private void send(String json) {
        MemoryConnection.deliver(session, json);
    }
}
