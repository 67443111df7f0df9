package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The plugin example of the README, taken from the README itself, is built, dropped in and called as it promises. */
@Timeout(60)
class ReadmeExampleIT {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern SERVICE_BLOCK = Pattern.compile(
            "META-INF/services/dev\\.jmcp\\.plugin\\.Plugin` holds one line:\\s*```\\s*\\n(\\S+)\\s*\\n```");

    @TempDir
    Path work;

    @SuppressWarnings("unchecked")
    @Test
    void theReadmesPluginExampleWorksAsWritten() throws Exception {
        String readme = Files.readString(Distribution.HOME.resolve("../../../README.md").normalize());
        // The plugin example is the Java block that declares a Plugin (others show the test kit and the client).
        var code = JAVA_BLOCK.matcher(readme);
        String source = null;
        while (source == null && code.find()) {
            if (code.group(1).contains("implements Plugin")) source = code.group(1);
        }
        assertThat(source).as("the README has a Java plugin example").isNotNull();
        assertThat(source.lines().count()).as("the example is well under 30 lines").isLessThan(30);
        var service = SERVICE_BLOCK.matcher(readme);
        assertThat(service.find()).as("the README names the service file's line").isTrue();
        String className = service.group(1);

        Path plugins = Files.createDirectories(work.resolve("plugins"));
        try (McpProcess server = Distribution.serve(plugins, Map.of(), work)) {
            server.initialize("2025-11-25", Map.of());
            PluginJarBuilder.create().plugin(className, source).writeTo(plugins.resolve("greet.jar"));
            server.awaitNotification("notifications/tools/list_changed");

            var tools = (List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools");
            assertThat(tools).singleElement().satisfies(tool -> {
                assertThat(tool.get("name")).isEqualTo("greet");
                assertThat(tool.get("inputSchema").toString()).contains("name", "Who to greet");
            });
            var hello = server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "Ada")));
            assertThat(hello.toString()).contains("Hello, Ada!");
            var blank = server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", " ")));
            assertThat(blank.get("isError")).isEqualTo(true);
            assertThat(blank.toString()).contains("name must not be blank");
            assertThat(server.nonProtocolLines()).isEmpty();
        }
    }
}
