package dev.jmcp.server;

import dev.jmcp.plugin.RootsListener;
import dev.jmcp.protocol.Root;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.RootsListenerEntry;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code notifications/roots/list_changed} reaches the plugins that listen for it: each listener runs on a thread of
 * its own with a context that asks the client (here {@code roots/list}), and one that fails costs neither the others
 * nor the session.
 */
@Timeout(30)
class RootsListenerTest {
    private final MemoryConnection client = new MemoryConnection();
    private ServerSession session;

    @AfterEach
    void close() {
        if (session != null) session.close();
    }

    private void send(String json) {
        MemoryConnection.deliver(session, json);
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyListenerIsToldAndMayAskTheClientForItsRootsAndAFailingOneCostsNothing() throws Exception {
        BlockingQueue<List<Root>> seen = new ArrayBlockingQueue<>(1);
        RootsListener asks = context -> seen.add(context.roots(Duration.ofSeconds(10)));
        RootsListener fails = context -> {
            throw new IllegalStateException("this listener fails");
        };
        var registry = Registry.of(List.of(new Contribution(Owner.BUILT_IN, List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(new RootsListenerEntry(fails, Owner.BUILT_IN),
                        new RootsListenerEntry(asks, Owner.BUILT_IN)))));
        var options = ServerOptions.defaults("roots", Path.of("unused"));
        session = new Engine(options, () -> registry, Methods.table(options)).openSession(client);
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{\"roots\":{\"listChanged\":true}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
        client.nextObject();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
        Map<String, Object> question = client.nextObject();
        assertThat(question).containsEntry("method", "roots/list");
        send("{\"jsonrpc\":\"2.0\",\"id\":" + dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(
                question.get("id")) + ",\"result\":{\"roots\":[{\"uri\":\"file:///work\",\"name\":\"work\"}]}}");
        assertThat(seen.poll(10, TimeUnit.SECONDS)).containsExactly(new Root("file:///work", "work"));

        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
        assertThat(client.nextObject()).containsEntry("id", 1).containsKey("result");
    }
}
