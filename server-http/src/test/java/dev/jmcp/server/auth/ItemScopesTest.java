package dev.jmcp.server.auth;

import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.session.MethodTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which scopes a call needs of its own, by the tool, prompt or resource it asks for, as the method's row says. */
@Timeout(10)
class ItemScopesTest {
    private static final MethodTable METHODS = Methods.table(ServerOptions.defaults("scopes-test", Path.of("unused")));

    private static dev.jmcp.server.session.ServedMethod row(String method) {
        return METHODS.request(method);
    }

    private static Authorization with(Map<String, Set<String>> items) {
        return new Authorization(URI.create("http://127.0.0.1:3000/mcp"), List.of(), Set.of("mcp"),
                token -> {
                    throw new InvalidTokenException("not used");
                }, items);
    }

    @Test
    void toolSearchsCallToolNeedsTheScopesOfTheToolItNames() {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "tool:call_tool", Set.of("meta")));
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "call_tool", "arguments",
                Map.of("name", "delete")))).containsExactly("files:write", "meta");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "call_tool", "arguments",
                Map.of("name", "harmless")))).containsExactly("meta");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "call_tool", "arguments", "delete")))
                .containsExactly("meta");
    }

    @Test
    void eachKindIsMatchedByItsNameOrUriAndAStarCoversAPrefix() {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "prompt:audit", Set.of("audit"),
                "resource:file:///secret/*", Set.of("secrets"), "resource:file:///secret/key", Set.of("keys")));
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "delete"))).containsExactly("files:write");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "deleted"))).isEmpty();
        assertThat(authorization.scopesFor(row("prompts/get"), Map.of("name", "audit"))).containsExactly("audit");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "audit"))).as("a prompt's scope is not a tool's")
                .isEmpty();
        assertThat(authorization.scopesFor(row("resources/read"), Map.of("uri", "file:///secret/key")))
                .containsExactly("keys", "secrets");
        assertThat(authorization.scopesFor(row("resources/subscribe"), Map.of("uri", "file:///secret/a")))
                .containsExactly("secrets");
        assertThat(authorization.scopesFor(row("resources/read"), Map.of("uri", "file:///public"))).isEmpty();
        assertThat(authorization.scopesFor(row("tools/list"), Map.of())).isEmpty();
        assertThat(authorization.scopesFor(row("tools/call"), Map.of())).as("no name, nothing to match")
                .isEmpty();
        assertThat(authorization.scopesFor(row("resources/unsubscribe"), Map.of("uri", "file:///secret/a")))
                .as("leaving a subscription needs nothing more").isEmpty();
        assertThat(authorization.scopesFor(null, Map.of("name", "delete"))).as("a method not served").isEmpty();
    }

    @Test
    void anItemOfNoKnownKindIsRefusedAtOnce() {
        assertThatThrownBy(() -> with(Map.of("delete", Set.of("x")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tool:NAME");
    }
}
