package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Registry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.plugins.TestPlugins.call;
import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class PluginNamingTest {
    private static final Duration SETTLE = Duration.ofMillis(100);
    private static final String CONFIGURED_TOOL = """
            String greeting = registrar.config().get("greeting", "none");
            registrar.tool(new Tool("greeting", "the configured greeting", Tool.NO_ARGUMENTS),
                    (a, c) -> CallToolResult.text(greeting));
            """;

    @TempDir
    Path folder;

    @ParameterizedTest
    @CsvSource({
            "weather.jar, weather",
            "code-review.jar, code-review",
            "units-1.2.0.jar, units",
            "units-1.3.0-SNAPSHOT.jar, units",
            "units-2.jar, units-2",
            "sha-256-tools.jar, sha-256-tools",
            "log4j-tools-2.24.1.jar, log4j-tools"
    })
    void aJarWithoutADeclaredNameIsNamedAfterItsFileWithoutTheVersion(String file, String name) {
        assertThat(PluginManifest.nameFromFile(Path.of(file))).isEqualTo(name);
    }

    @Test
    void theNameInTheManifestWinsOverTheFileName() throws Exception {
        plugin("shout", CONFIGURED_TOOL)
                .manifestAttribute("Jmcp-Plugin-Name", "shout")
                .writeTo(folder.resolve("shout-plugin-all-in-one.jar"));
        Files.writeString(folder.resolve("shout.properties"), "greeting=HELLO\n");
        var snapshots = new LinkedBlockingQueue<Registry>();
        try (var host = new PluginHost(folder, SETTLE, snapshots::add)) {
            host.start();

            Registry registry = host.registry();
            assertThat(registry.tool("greeting").orElseThrow().owner().name()).isEqualTo("shout");
            assertThat(call(registry, "greeting")).isEqualTo("HELLO");
        }
    }

    @Test
    void upgradingAVersionedJarKeepsItsNameAndConfiguration() throws Exception {
        Files.writeString(folder.resolve("units.properties"), "greeting=kept\n");
        plugin("units", CONFIGURED_TOOL).writeTo(folder.resolve("units-1.0.jar"));
        var snapshots = new LinkedBlockingQueue<Registry>();
        try (var host = new PluginHost(folder, SETTLE, snapshots::add)) {
            host.start();
            assertThat(call(host.registry(), "greeting")).isEqualTo("kept");
            snapshots.clear();

            Files.delete(folder.resolve("units-1.0.jar"));
            plugin("units", CONFIGURED_TOOL).writeTo(folder.resolve("units-1.1.jar"));

            Registry upgraded = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                Registry next = snapshots.poll(1, TimeUnit.SECONDS);
                if (next != null && next.tool("greeting").isPresent()
                        && next.tool("greeting").get().owner().toString().contains("units-1.1.jar")) {
                    upgraded = next;
                    break;
                }
            }
            assertThat(upgraded).as("a snapshot serving units-1.1.jar").isNotNull();
            assertThat(upgraded.tool("greeting").orElseThrow().owner().name()).isEqualTo("units");
            assertThat(call(upgraded, "greeting")).isEqualTo("kept");
        }
    }

    @Test
    void editingThePropertiesFileNamedAfterThePluginReloadsIt() throws Exception {
        Files.writeString(folder.resolve("units.properties"), "greeting=first\n");
        plugin("units", CONFIGURED_TOOL).writeTo(folder.resolve("units-1.0.jar"));
        var snapshots = new LinkedBlockingQueue<Registry>();
        try (var host = new PluginHost(folder, SETTLE, snapshots::add)) {
            host.start();
            assertThat(call(host.registry(), "greeting")).isEqualTo("first");

            Files.writeString(folder.resolve("units.properties"), "greeting=second\n");

            String seen = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline && !"second".equals(seen)) {
                Registry next = snapshots.poll(1, TimeUnit.SECONDS);
                if (next != null && next.tool("greeting").isPresent()) seen = call(next, "greeting");
            }
            assertThat(seen).isEqualTo("second");
        }
    }
}
