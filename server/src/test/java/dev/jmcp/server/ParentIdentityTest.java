package dev.jmcp.server;

import dev.jmcp.plugin.Identity;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ParentIdentity;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server that runs a plugin for a parent jmcp takes each call's sender from the parent's {@code _meta}; any other
 * server ignores it, so a client cannot name itself.
 */
@Timeout(30)
class ParentIdentityTest {
    private final MemoryConnection client = new MemoryConnection();
    private ServerSession session;
    private int ids;

    private void open(boolean identityFromParent) throws InterruptedException {
        var options = ServerOptions.defaults("child", Path.of("unused"));
        if (identityFromParent) options = options.withIdentityFromParent();
        var whoami = new ToolEntry(new Tool("whoami", "Says who called", null), (args, ctx) -> CallToolResult.text(
                ctx.identity().map(i -> i.subject() + " " + i.clientId() + " " + i.scopes() + " " + i.claims())
                        .orElse("nobody")), ArgumentsValidator.ACCEPT_ALL, Owner.BUILT_IN);
        var registry = Registry.of(List.of(new Contribution(Owner.BUILT_IN, List.of(whoami), List.of(), List.of(),
                List.of(), List.of(), List.of())));
        session = new Engine(options, () -> registry, Methods.table(options)).openSession(client);
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"parent\",\"version\":\"1\"}}}");
        client.nextObject();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    @AfterEach
    void close() {
        if (session != null) session.close();
    }

    private void send(String json) {
        MemoryConnection.deliver(session, json);
    }

    @SuppressWarnings("unchecked")
    private String whoami(Map<String, Object> meta) throws InterruptedException {
        String metaJson = dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(meta);
        // A fresh id per call: the previous call's id is free only once its thread has finished, just after its answer.
        send("{\"jsonrpc\":\"2.0\",\"id\":" + ++ids + ",\"method\":\"tools/call\",\"params\":{\"name\":\"whoami\",\"arguments\":{},"
                + "\"_meta\":" + metaJson + "}}");
        var result = (Map<String, Object>) client.nextObject().get("result");
        return (String) ((List<Map<String, Object>>) result.get("content")).getFirst().get("text");
    }

    private static Map<String, Object> from(Identity identity) {
        return Map.of(ParentIdentity.META_KEY, ParentIdentity.toMeta(identity));
    }

    @Test
    void aChildOfJmcpSeesTheCallerItsParentNames() throws Exception {
        open(true);
        assertThat(whoami(from(new Identity("ada", "app-1", Set.of("mcp:tools"), Map.of("tenant", "t1")))))
                .isEqualTo("ada app-1 [mcp:tools] {tenant=t1}");
        assertThat(whoami(Map.of())).as("a call the parent names no one for").isEqualTo("nobody");
    }

    @Test
    void anyOtherServerIgnoresAnIdentityInMeta() throws Exception {
        open(false);
        assertThat(whoami(from(new Identity("mallory", null, Set.of("admin"), null)))).isEqualTo("nobody");
    }
}
