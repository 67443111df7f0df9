package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A plugin asking the client through its context: roots, sampling and elicitation, over real stdio. */
@Timeout(60)
class ClientRequestsIT {
    @TempDir
    Path work;

    private McpProcess server;

    @BeforeEach
    void start() throws Exception {
        Path plugins = work.resolve("plugins");
        writeAskerPlugin(plugins.resolve("asker.jar"));
        server = Distribution.serve(plugins, Map.of(), work);
    }

    /** Writes the plugin these tests call: tools that sample, elicit and list roots, and a roots listener. */
    static void writeAskerPlugin(Path jar) {
        PluginJarBuilder.create().plugin("demo.Asker", """
                package demo;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.*;
                import java.time.Duration;
                import java.util.Map;

                public final class Asker implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("ask_model", "Asks the client's model", null), (args, ctx) -> {
                            var answer = ctx.sample(new CreateMessageRequest("Capital of Italy?", 20), Duration.ofSeconds(10));
                            return CallToolResult.text("model: " + answer.text());
                        });
                        registrar.tool(new Tool("ask_user", "Asks the user", null), (args, ctx) -> {
                            var answer = ctx.elicit(ElicitRequest.form("Favourite colour?", Map.of("type", "object",
                                    "properties", Map.of("colour", Map.of("type", "string")))), Duration.ofSeconds(10));
                            return CallToolResult.text("user: " + answer.action() + " " + answer.content());
                        });
                        registrar.tool(new Tool("list_roots", "Lists the client's roots", null),
                                (args, ctx) -> CallToolResult.text("roots: " + ctx.roots()));
                        registrar.onRootsChanged(ctx -> ctx.log(LoggingLevel.INFO, "asker",
                                "roots now " + ctx.roots().size()));
                    }
                }
                """).writeTo(jar);
    }

    @AfterEach
    void stop() {
        assertThat(server.nonProtocolLines()).isEmpty();
        server.close();
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> callResult) {
        return (String) ((List<Map<String, Object>>) callResult.get("content")).getFirst().get("text");
    }

    @Test
    void samplingElicitationAndRootsReachTheClientAndTheAnswersReachThePlugin() throws Exception {
        server.onRequest("sampling/createMessage", params -> Map.of("role", "assistant",
                "content", Map.of("type", "text", "text", "Rome"), "model", "test-model"));
        server.onRequest("elicitation/create", params -> Map.of("action", "accept", "content", Map.of("colour", "blue")));
        server.onRequest("roots/list", params -> Map.of("roots", List.of(Map.of("uri", "file:///home/ada", "name", "home"))));
        server.initialize("2025-11-25", Map.of("sampling", Map.of(), "elicitation", Map.of(),
                "roots", Map.of("listChanged", true)));

        assertThat(text(server.call("tools/call", Map.of("name", "ask_model")))).isEqualTo("model: Rome");
        assertThat(text(server.call("tools/call", Map.of("name", "ask_user")))).isEqualTo("user: accept {colour=blue}");
        assertThat(text(server.call("tools/call", Map.of("name", "list_roots")))).contains("file:///home/ada");

        server.notify("notifications/roots/list_changed", null);
        var log = server.awaitNotification("notifications/message");
        assertThat(log.get("params").toString()).contains("roots now 1");
    }

    @Test
    void aPluginAskingForACapabilityTheClientLacksGetsAClearError() throws Exception {
        server.initialize("2025-11-25", Map.of());
        var result = server.call("tools/call", Map.of("name", "ask_model"));
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("sampling");
        var elicit = server.call("tools/call", Map.of("name", "ask_user"));
        assertThat(text(elicit)).contains("elicitation");
    }

    @Test
    void elicitationIsUnavailableInRevisionsBeforeIt() throws Exception {
        server.initialize("2025-03-26", Map.of("elicitation", Map.of()));
        var result = server.call("tools/call", Map.of("name", "ask_user"));
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("elicitation", "2025-03-26");
    }
}
