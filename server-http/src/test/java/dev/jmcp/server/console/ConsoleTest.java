package dev.jmcp.server.console;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's API on a real socket, against a real server loading a real plugin JAR: getting a prompt, reading a
 * resource through a template, a failure's detail and a call's log, reloading a plugin, ending a session, the build
 * {@code jmcp dev} reports, and a clear refusal of every bad request.
 */
@Timeout(60)
class ConsoleTest {
    static final String WORKBENCH = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.plugin.ToolException;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.GetPromptResult;
            import dev.jmcp.protocol.LoggingLevel;
            import dev.jmcp.protocol.Prompt;
            import dev.jmcp.protocol.PromptArgument;
            import dev.jmcp.protocol.PromptMessage;
            import dev.jmcp.protocol.ReadResourceResult;
            import dev.jmcp.protocol.ResourceTemplate;
            import dev.jmcp.protocol.Tool;
            import java.util.List;
            import java.util.concurrent.atomic.AtomicInteger;

            public final class Workbench implements Plugin {
                private static final AtomicInteger COUNT = new AtomicInteger();

                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("count", "counts its calls since the plugin was loaded", null),
                            (args, ctx) -> CallToolResult.text("count " + COUNT.incrementAndGet()));
                    registrar.tool(new Tool("fails", "always fails, after logging", null), (args, ctx) -> {
                        System.getLogger("demo.workbench").log(System.Logger.Level.WARNING, "the widget is about to break");
                        ctx.log(LoggingLevel.INFO, "telling the client: about to break");
                        throw new ToolException("the widget is broken");
                    });
                    registrar.prompt(new Prompt("greeting", "Greeting", "greets someone",
                            List.of(new PromptArgument("name", "Name", "who to greet", true)), null, null),
                            (args, ctx) -> new GetPromptResult("a greeting",
                                    List.of(PromptMessage.user("Hello, " + args.get("name") + "!"))));
                    registrar.resourceTemplate(new ResourceTemplate("note://{name}", "note", "a note by name", "text/plain"),
                            (uri, variables, ctx) -> ReadResourceResult.text(uri, "text/plain",
                                    "Note " + variables.get("name")));
                }
            }
            """;
    private static final JsonCodec CODEC = JsonCodec.shared();

    @TempDir
    Path work;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private McpServer server;
    private HttpTransport transport;
    private URI base;

    @BeforeEach
    void start() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        PluginJarBuilder.create().plugin("demo.Workbench", WORKBENCH).writeTo(plugins.resolve("workbench.jar"));
        server = new McpServer(ServerOptions.defaults("console-test", plugins));
        server.start();
        transport = new HttpTransport(server, HttpOptions.defaults().withPort(0));
        new Console(server).devBuild(work.resolve("build.json")).install(transport);
        transport.start();
        base = transport.url().resolve("/console/");
    }

    @AfterEach
    void stop() {
        if (transport != null) transport.close();
        if (server != null) server.close();
    }

    private HttpResponse<String> post(String api, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve("api/" + api)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> state() throws Exception {
        var response = http.send(HttpRequest.newBuilder(base.resolve("api/state")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return (Map<String, Object>) CODEC.parse(response.body());
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> list(String name) throws Exception {
        return (List<Map<String, Object>>) state().get(name);
    }

    @Test
    void aPromptIsGotWithItsArgumentsAndATemplatedResourceIsRead() throws Exception {
        assertThat(list("prompts")).singleElement().satisfies(p -> assertThat(p.get("arguments").toString())
                .contains("name=name", "required=true"));
        assertThat(list("templates")).singleElement().satisfies(t -> {
            assertThat(t).containsEntry("uriTemplate", "note://{name}");
            assertThat(t.get("variables")).isEqualTo(List.of("name"));
        });
        assertThat(post("prompt", "{\"name\":\"greeting\",\"arguments\":{\"name\":\"Ada\"}}").body())
                .contains("Hello, Ada!");
        assertThat(post("resource", "{\"uri\":\"note://groceries\"}").body()).contains("Note groceries");
        // A prompt without its required argument is the client's mistake: a JSON-RPC error, shown as it came.
        var missing = post("prompt", "{\"name\":\"greeting\"}");
        assertThat(missing.statusCode()).isEqualTo(200);
        assertThat(missing.body()).contains("\"error\"", "-32602");
    }

    @Test
    void aFailedCallShowsItsCodeMessageAndDetailAndTheLogItWasSent() throws Exception {
        assertThat(post("call", "{\"tool\":\"fails\"}").body()).contains("\"isError\":true", "the widget is broken");
        post("resource", "{\"uri\":\"nowhere://at-all\"}");
        var calls = list("calls");
        var failed = calls.stream().filter(c -> "fails".equals(c.get("target"))).findFirst().orElseThrow();
        assertThat(failed).containsEntry("outcome", "tool_error");
        assertThat((String) failed.get("detail")).contains("\"type\":\"text\"", "the widget is broken");
        assertThat(failed.get("log").toString()).contains("client log info", "about to break");
        var unknown = calls.stream().filter(c -> "nowhere://at-all".equals(c.get("target"))).findFirst().orElseThrow();
        assertThat(unknown).containsEntry("outcome", "error");
        assertThat(unknown.get("errorCode")).isInstanceOf(Number.class);
        assertThat((String) unknown.get("error")).isNotEmpty();
    }

    @Test
    void aPluginIsReloadedAndStartsAfresh() throws Exception {
        post("call", "{\"tool\":\"count\"}");
        assertThat(post("call", "{\"tool\":\"count\"}").body()).contains("count 2");
        var reloaded = post("reload", "{\"file\":\"workbench.jar\"}");
        assertThat(reloaded.statusCode()).as(reloaded.body()).isEqualTo(200);
        assertThat(reloaded.body()).contains("\"reloaded\"");
        assertThat(post("call", "{\"tool\":\"count\"}").body()).contains("count 1");
        var unknown = post("reload", "{\"file\":\"absent.jar\"}");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("no plugin file absent.jar");
        assertThat(post("reload", "{\"file\":\"../plugins/workbench.jar\"}").statusCode()).isEqualTo(404);
    }

    @Test
    void aSessionIsListedWithItsAgeAndEndedAndItsClientFindsItGone() throws Exception {
        var initialize = http.send(HttpRequest.newBuilder(transport.url()).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"visitor\",\"version\":\"7\"}}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        String mcpSession = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
        var visitor = list("sessions").stream().filter(s -> "visitor 7".equals(s.get("client"))).findFirst().orElseThrow();
        assertThat(visitor).containsKeys("opened", "ageSeconds");
        var ended = post("end-session", "{\"id\":\"" + visitor.get("id") + "\"}");
        assertThat(ended.statusCode()).as(ended.body()).isEqualTo(200);
        assertThat(list("sessions")).noneMatch(s -> "visitor 7".equals(s.get("client")));
        var after = http.send(HttpRequest.newBuilder(transport.url()).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Mcp-Session-Id", mcpSession)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(after.statusCode()).isEqualTo(404);
        assertThat(post("end-session", "{\"id\":\"999999\"}").statusCode()).isEqualTo(404);
    }

    @Test
    void aSessionWhoseTransportAloneEndsItIsNotEndedAndSaysWhy() throws Exception {
        // As stdio opens its session: the transport, not an operator, ends it (when standard input ends).
        var session = (dev.jmcp.server.session.ServerSession) server.openSession(new dev.jmcp.server.transport.Connection() {
            @Override
            public void send(dev.jmcp.protocol.jsonrpc.JsonRpcMessage message,
                             dev.jmcp.protocol.jsonrpc.RequestId relatedRequest) {
            }

            @Override
            public void sendBatch(List<dev.jmcp.protocol.jsonrpc.JsonRpcMessage> responses) {
            }
        });
        try {
            var refused = post("end-session", "{\"id\":\"" + session.id() + "\"}");
            assertThat(refused.statusCode()).isEqualTo(409);
            assertThat(refused.body()).contains("cannot be ended from here", "standard input");
            assertThat(list("sessions")).anyMatch(s -> session.id().equals(s.get("id")));
        } finally {
            session.close();
        }
    }

    @Test
    void theBuildJmcpDevWroteIsShownAndAnUnreadableOneIsNot() throws Exception {
        assertThat(state()).containsEntry("build", null);
        Files.writeString(work.resolve("build.json"), "{\"ok\":false,\"at\":\"2026-11-27T04:00:00Z\",\"millis\":1200,"
                + "\"output\":\"[ERROR] Workbench.java:[3,1] ';' expected\"}");
        assertThat(state().get("build").toString()).contains("ok=false", "';' expected");
        Files.writeString(work.resolve("build.json"), "{\"ok\":");
        assertThat(state()).containsEntry("build", null);
    }

    @Test
    void everyBadRequestGetsAClearRefusal() throws Exception {
        var get = http.send(HttpRequest.newBuilder(base.resolve("api/prompt")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.body()).contains("POST a JSON object");
        assertThat(post("call", "not json").statusCode()).isEqualTo(400);
        assertThat(post("call", "[1]").body()).contains("POST a JSON object");
        assertThat(post("call", "{\"tool\":7}").body()).contains("\\\"tool\\\" must be a non-empty string");
        assertThat(post("call", "{\"tool\":\"count\",\"arguments\":[]}").body()).contains("must be a JSON object");
        assertThat(post("prompt", "{\"name\":\"greeting\",\"arguments\":{\"name\":5}}").body())
                .contains("'name' must be text");
        assertThat(post("resource", "{}").statusCode()).isEqualTo(400);
        assertThat(post("end-session", "{\"id\":3}").statusCode()).isEqualTo(400);
        assertThat(post("reload", "{\"file\":\"\"}").statusCode()).isEqualTo(400);
        // The server still serves.
        assertThat(post("call", "{\"tool\":\"count\"}").body()).contains("count");
    }
}
