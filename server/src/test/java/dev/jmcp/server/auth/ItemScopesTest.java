package dev.jmcp.server.auth;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which scopes a call needs of its own, by the tool, prompt or resource it asks for. */
class ItemScopesTest {
    private static Authorization with(Map<String, Set<String>> items) {
        return new Authorization(URI.create("http://127.0.0.1:3000/mcp"), List.of(), Set.of("mcp"),
                token -> {
                    throw new InvalidTokenException("not used");
                }, items);
    }

    @Test
    void toolSearchsCallToolNeedsTheScopesOfTheToolItNames() {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "tool:call_tool", Set.of("meta")));
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "delete")))).containsExactly("files:write", "meta");
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "harmless")))).containsExactly("meta");
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "call_tool", "arguments", "delete")))
                .containsExactly("meta");
    }

    @Test
    void eachKindIsMatchedByItsNameOrUriAndAStarCoversAPrefix() {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "prompt:audit", Set.of("audit"),
                "resource:file:///secret/*", Set.of("secrets"), "resource:file:///secret/key", Set.of("keys")));
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "delete"))).containsExactly("files:write");
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "deleted"))).isEmpty();
        assertThat(authorization.scopesFor("prompts/get", Map.of("name", "audit"))).containsExactly("audit");
        assertThat(authorization.scopesFor("tools/call", Map.of("name", "audit"))).as("a prompt's scope is not a tool's")
                .isEmpty();
        assertThat(authorization.scopesFor("resources/read", Map.of("uri", "file:///secret/key")))
                .containsExactly("keys", "secrets");
        assertThat(authorization.scopesFor("resources/subscribe", Map.of("uri", "file:///secret/a")))
                .containsExactly("secrets");
        assertThat(authorization.scopesFor("resources/read", Map.of("uri", "file:///public"))).isEmpty();
        assertThat(authorization.scopesFor("tools/list", Map.of())).isEmpty();
        assertThat(authorization.scopesFor("tools/call", Map.of())).as("no name, nothing to match").isEmpty();
    }

    @Test
    void anItemOfNoKnownKindIsRefusedAtOnce() {
        assertThatThrownBy(() -> with(Map.of("delete", Set.of("x")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tool:NAME");
    }
}
