package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One home folder for every command: with {@code HOME} pointing elsewhere than the password database's home (as under
 * {@code sudo} or in a container), {@code serve} without {@code -p} serves {@code $HOME/.jmcp/plugins}, the folder
 * {@code install} writes into the clients' configurations.
 */
@Timeout(120)
class HomeFolderIT {
    @TempDir
    Path home;

    @Test
    @SuppressWarnings("unchecked")
    void serveTakesItsDefaultPluginsFolderFromHomeAsInstallDoes() throws Exception {
        Path plugins = Files.createDirectories(home.resolve(".jmcp/plugins"));
        PluginJarBuilder.create().plugin("demo.HomeMarker", """
                package demo;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;

                public final class HomeMarker implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("home_marker", "Proves which folder is served", null),
                                (args, ctx) -> CallToolResult.text("here"));
                    }
                }
                """).writeTo(plugins.resolve("home-marker.jar"));

        try (McpProcess server = McpProcess.start(List.of(Distribution.launcher().toString(), "serve"),
                Map.of("HOME", home.toString()), home)) {
            server.initialize("2025-11-25", Map.of());
            var tools = (List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools");
            assertThat(tools).as(server.stderr()).extracting(t -> t.get("name")).contains("home_marker");
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        }
    }
}
