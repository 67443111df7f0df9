package dev.jmcp.server.http;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mount files' keys at work against real servers over Streamable HTTP on 127.0.0.1: jmcp's keys beside an
 * {@code mcpServers} wrapper, one server mounted twice under two prefixes (resources and templates too), and a lazy
 * mount served from its cached manifest while its server is down, started by its first call.
 */
@Timeout(90)
class MountFileKeysTest {
    /** A template added to the upstream's plugin: {@code mem://notes/{id}}. */
    private static final String TEMPLATE = """
            registrar.resourceTemplate(new ResourceTemplate("mem://notes/{id}", "notes", "A note by id", "text/plain"),
                    (uri, vars, ctx) -> ReadResourceResult.text(uri, "text/plain", "note " + vars.get("id")));
            """;

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    private McpServer server(Path plugins) {
        var options = ServerOptions.defaults("keys-test", plugins);
        var server = new McpServer(new ServerOptions(options.name(), options.version(), plugins, options.pageSize(),
                options.maxMessageBytes(), options.maxPendingRequests(), Duration.ofMillis(100))
                .withMountCache(work.resolve("cache")));
        server.start();
        open.add(server);
        return server;
    }

    private HttpTransport http(McpServer server, int port) throws Exception {
        var transport = new HttpTransport(server, HttpOptions.defaults().withPort(port));
        transport.start();
        open.add(transport);
        return transport;
    }

    private McpClient client(HttpTransport front) throws Exception {
        // A stateful session: the tests watch its list_changed notifications and subscriptions.
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .onNotification(notifications::add).http(front.url());
        open.add(client);
        return client;
    }

    private HttpTransport upstream(String extra) throws Exception {
        Path folder = Files.createDirectories(work.resolve("upstream"));
        Files.write(folder.resolve("up.jar"), MountTest.upstreamPlugin(extra));
        return http(server(folder), 0);
    }

    private static List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void jmcpsKeysBesideAnMcpServersWrapperAreHonoured() throws Exception {
        HttpTransport upstream = upstream("");
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), """
                {"mcpServers": {"up": {"type": "http", "url": "%s"}}, "prefix": "gh_", "timeout": 20}"""
                .formatted(upstream.url()));
        McpClient client = client(http(server(plugins), 0));

        assertThat(toolNames(client)).contains("gh_echo").doesNotContain("echo");
        assertThat(text(client.callTool("gh_echo", Map.of("text", "x")))).isEqualTo("upstream echo: x");
    }

    @Test
    void oneServerMountedTwiceServesItsResourcesAndTemplatesUnderEachResourcePrefix() throws Exception {
        HttpTransport upstream = upstream(TEMPLATE);
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("a.mcp.json"), """
                {"url": "%s", "prefix": "a_", "resourcePrefix": "a+"}""".formatted(upstream.url()));
        Files.writeString(plugins.resolve("b.mcp.json"), """
                {"url": "%s", "prefix": "b_", "resourcePrefix": "b+"}""".formatted(upstream.url()));
        McpClient client = client(http(server(plugins), 0));

        assertThat(toolNames(client)).contains("a_echo", "b_echo");
        assertThat(client.listResources().stream().map(Resource::uri))
                .containsExactlyInAnyOrder("a+mem://note", "b+mem://note");
        assertThat(client.listResourceTemplates().stream().map(ResourceTemplate::uriTemplate))
                .containsExactlyInAnyOrder("a+mem://notes/{id}", "b+mem://notes/{id}");
        // Read under the served URI; the server is asked for its own; the contents name the served URI.
        var note = (TextResourceContents) client.readResource("b+mem://note").contents().getFirst();
        assertThat(note.uri()).isEqualTo("b+mem://note");
        assertThat(note.text()).isEqualTo("the note");
        var byId = (TextResourceContents) client.readResource("a+mem://notes/7").contents().getFirst();
        assertThat(byId.uri()).isEqualTo("a+mem://notes/7");
        assertThat(byId.text()).isEqualTo("note 7");
        // An update the server sends reaches the subscribers of each mount's URI.
        client.subscribe("a+mem://note");
        assertThat(text(client.callTool("a_touch", Map.of()))).isEqualTo("touched");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ServerNotification next = null;
        while (!(next instanceof ServerNotification.ResourceUpdated) && System.nanoTime() < deadline) {
            next = notifications.poll(100, TimeUnit.MILLISECONDS);
        }
        assertThat(next).isEqualTo(new ServerNotification.ResourceUpdated("a+mem://note"));
    }

    @Test
    void aLazyMountIsServedFromItsCacheWhileItsServerIsDownAndStartsOnItsFirstCall() throws Exception {
        // The first start has no cache: the server is listed once, the manifest kept.
        // The plugin is in place before the upstream server starts, so its first listing already has the tools.
        Files.write(Files.createDirectories(work.resolve("upstream")).resolve("up.jar"), MountTest.upstreamPlugin(""));
        McpServer upstreamServer = server(work.resolve("upstream"));
        HttpTransport upstream = http(upstreamServer, 0);
        int port = upstream.port();
        Path plugins = Files.createDirectories(work.resolve("front"));
        Files.writeString(plugins.resolve("up.mcp.json"), """
                {"url": "%s", "prefix": "up_", "lazy": true, "connectTimeout": 5}""".formatted(upstream.url()));
        McpServer first = server(plugins);
        McpClient client = client(http(first, 0));
        assertThat(toolNames(client)).contains("up_echo", "up_slow");
        assertThat(Files.list(work.resolve("cache")).toList()).hasSize(1);
        client.close();
        first.close();
        upstream.close();
        upstreamServer.close();

        // Its server down, a new front lists the mount's tools from the cache: nothing is started for that.
        McpClient second = client(http(server(plugins), 0));
        assertThat(toolNames(second)).contains("up_echo", "up_slow");
        CallToolResult down = second.callTool("up_echo", Map.of("text", "x"));
        assertThat(down.isError()).isTrue();
        assertThat(text(down)).contains("Plugin up is not available", "cannot start its server");

        // The server is back, with "echo" and a new "fresh" and no more "slow": the first call starts it.
        Path changed = Files.createDirectories(work.resolve("upstream2"));
        Files.write(changed.resolve("up2.jar"), PluginJarBuilder.create().plugin("up2.Main", """
                package up2;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("echo", "Echoes", null),
                                (args, ctx) -> CallToolResult.text("upstream echo: " + args.get("text")));
                        registrar.tool(new Tool("fresh", "New since the cache", null),
                                (args, ctx) -> CallToolResult.text("new"));
                    }
                }
                """).toBytes());
        http(server(changed), port);
        notifications.clear();
        CallToolResult removed = second.callTool("up_slow", Map.of());
        assertThat(removed.isError()).isTrue();
        assertThat(text(removed)).contains("no longer has a tool 'slow'");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        ServerNotification next = null;
        while (!(next instanceof ServerNotification.ListChanged) && System.nanoTime() < deadline) {
            next = notifications.poll(100, TimeUnit.MILLISECONDS);
        }
        assertThat(next).isInstanceOf(ServerNotification.ListChanged.class);
        assertThat(toolNames(second)).contains("up_echo", "up_fresh").doesNotContain("up_slow");
        assertThat(text(second.callTool("up_echo", Map.of("text", "y")))).isEqualTo("upstream echo: y");
    }
}
