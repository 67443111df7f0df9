package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plugins added, replaced and removed while a client is connected: the client is told, calls already running finish
 * on the old code, and a broken JAR leaves everything else serving.
 */
@Timeout(90)
class HotReloadIT {
    @TempDir
    Path work;

    private McpProcess server;

    @AfterEach
    void stop() {
        if (server != null) {
            assertThat(server.nonProtocolLines()).isEmpty();
            server.close();
        }
    }

    static byte[] greeter(String version) {
        return PluginJarBuilder.create().plugin("demo.Greeter", """
                package demo;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;
                import java.util.Map;

                public final class Greeter implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        var schema = Map.<String, Object>of("type", "object", "properties", Map.of(
                                "name", Map.of("type", "string"), "holdMs", Map.of("type", "integer")));
                        registrar.tool(new Tool("greet", "Greets someone (VERSION)", schema), (args, ctx) -> {
                            if (args.get("holdMs") instanceof Number hold) Thread.sleep(hold.longValue());
                            return CallToolResult.text("VERSION says hello to " + args.get("name"));
                        });
                    }
                }
                """.replace("VERSION", version)).toBytes();
    }

    @SuppressWarnings("unchecked")
    private List<String> toolNames() throws Exception {
        return ((List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools")).stream()
                .map(t -> (String) t.get("name")).toList();
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> callResult) {
        return (String) ((List<Map<String, Object>>) callResult.get("content")).getFirst().get("text");
    }

    @Test
    void aDroppedInJarAppearsIsReplacedWhileCallsRunAndDisappears() throws Exception {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        server = Distribution.serve(plugins, Map.of(), work);
        server.initialize("2025-11-25", Map.of());
        assertThat(toolNames()).doesNotContain("greet");

        Path jar = plugins.resolve("greeter.jar");
        Files.write(jar, greeter("v1"));
        server.awaitNotification("notifications/tools/list_changed");
        assertThat(toolNames()).contains("greet", "sleep");
        assertThat(text(server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "Ada")))))
                .isEqualTo("v1 says hello to Ada");

        var running = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "greet",
                "arguments", Map.of("name", "Bob", "holdMs", 2000)));
        Files.write(jar, greeter("v2"));
        server.awaitNotification("notifications/tools/list_changed");
        assertThat(text(server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "Cy")))))
                .isEqualTo("v2 says hello to Cy");
        @SuppressWarnings("unchecked")
        var onOldCode = (Map<String, Object>) server.await(running, "the call on v1").get("result");
        assertThat(text(onOldCode)).isEqualTo("v1 says hello to Bob");

        Files.delete(jar);
        server.awaitNotification("notifications/tools/list_changed");
        assertThat(toolNames()).doesNotContain("greet").contains("sleep");
        var gone = server.request("tools/call", Map.of("name", "greet", "arguments", Map.of()));
        assertThat(gone.get("error").toString()).contains("-32602", "greet");
    }

    @Test
    void aBrokenJarIsReportedAndEverythingElseKeepsServing() throws Exception {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        Files.write(plugins.resolve("broken.jar"), "this is not a zip file".getBytes());
        server = Distribution.serve(plugins, Map.of(), work);
        server.initialize("2025-11-25", Map.of());
        assertThat(toolNames()).contains("get_weather", "sleep");
        assertThat(server.stderr()).contains("broken.jar");

        Files.write(plugins.resolve("greeter.jar"), greeter("v1"));
        server.awaitNotification("notifications/tools/list_changed");
        Files.write(plugins.resolve("also-broken.jar"), new byte[]{0x50, 0x4b, 0x03, 0x04, 0x00});
        assertThat(text(server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)))))
                .contains("1");
        assertThat(toolNames()).contains("greet");
    }
}
