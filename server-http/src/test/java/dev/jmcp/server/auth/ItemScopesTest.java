package dev.jmcp.server.auth;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.engine.Engines;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolSearchSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

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

    /** The scopes a tools/call with {@code params} needs, its tool resolved by {@code server}'s engine. */
    private static Set<String> toolCallScopes(Authorization authorization, McpServer server,
                                              Map<String, Object> params) {
        return authorization.scopesFor(row("tools/call"), params, Engines.of(server).calledTool(params));
    }

    @Test
    void toolSearchsCallToolNeedsTheScopesOfTheToolItNames(@TempDir Path plugins) {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "tool:call_tool", Set.of("meta")));
        try (var server = new McpServer(ServerOptions.defaults("scopes-test", plugins),
                new ToolSearchSettings(false, List.of(), ToolSearchSettings.DEFAULT_ACTIVE_TOOLS), new NoIndex())) {
            assertThat(toolCallScopes(authorization, server, Map.of("name", "call_tool", "arguments",
                    Map.of("name", "delete")))).containsExactly("files:write", "meta");
            assertThat(toolCallScopes(authorization, server, Map.of("name", "call_tool", "arguments",
                    Map.of("name", "harmless")))).containsExactly("meta");
            assertThat(toolCallScopes(authorization, server, Map.of("name", "call_tool", "arguments", "delete")))
                    .containsExactly("meta");
        }
    }

    @Test
    void aPluginToolNamedCallToolWithToolSearchOffNeedsItsOwnScopesOnly(@TempDir Path plugins) {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "tool:call_tool", Set.of("meta")));
        try (var server = new McpServer(ServerOptions.defaults("scopes-test", plugins))) {
            Map<String, Object> params = Map.of("name", "call_tool", "arguments", Map.of("name", "delete"));
            assertThat(Engines.of(server).calledTool(params)).as("no tool search: call_tool is a tool like any other")
                    .isEqualTo("call_tool");
            assertThat(toolCallScopes(authorization, server, params))
                    .as("its own scopes, not those of a tool its arguments happen to name").containsExactly("meta");
        }
    }

    @Test
    void eachKindIsMatchedByItsNameOrUriAndAStarCoversAPrefix() {
        var authorization = with(Map.of("tool:delete", Set.of("files:write"), "prompt:audit", Set.of("audit"),
                "resource:file:///secret/*", Set.of("secrets"), "resource:file:///secret/key", Set.of("keys")));
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "delete"), "delete"))
                .containsExactly("files:write");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "deleted"), "deleted")).isEmpty();
        assertThat(authorization.scopesFor(row("prompts/get"), Map.of("name", "audit"), null))
                .containsExactly("audit");
        assertThat(authorization.scopesFor(row("tools/call"), Map.of("name", "audit"), "audit"))
                .as("a prompt's scope is not a tool's").isEmpty();
        assertThat(authorization.scopesFor(row("resources/read"), Map.of("uri", "file:///secret/key"), null))
                .containsExactly("keys", "secrets");
        assertThat(authorization.scopesFor(row("resources/subscribe"), Map.of("uri", "file:///secret/a"), null))
                .containsExactly("secrets");
        assertThat(authorization.scopesFor(row("resources/read"), Map.of("uri", "file:///public"), null)).isEmpty();
        assertThat(authorization.scopesFor(row("tools/list"), Map.of(), null)).isEmpty();
        assertThat(authorization.scopesFor(row("tools/call"), Map.of(), null)).as("no name, nothing to match")
                .isEmpty();
        assertThat(authorization.scopesFor(row("resources/unsubscribe"), Map.of("uri", "file:///secret/a"), null))
                .as("leaving a subscription needs nothing more").isEmpty();
        assertThat(authorization.scopesFor(null, Map.of("name", "delete"), null)).as("a method not served").isEmpty();
    }

    @Test
    void anItemOfNoKnownKindIsRefusedAtOnce() {
        assertThatThrownBy(() -> with(Map.of("delete", Set.of("x")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tool:NAME");
    }

    /** Tool search's index, which these tests never search. */
    private static final class NoIndex implements ToolIndex {
        @Override
        public void update(List<SearchableTool> tools) {
        }

        @Override
        public List<String> search(String query, int limit) {
            return List.of();
        }

        @Override
        public String describe() {
            return "none";
        }

        @Override
        public void close() {
        }
    }
}
