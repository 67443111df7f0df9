package dev.jmcp.plugin.testkit;

import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import example.sample.SamplePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The in-process mode: the plugin in a real engine in this JVM, real clients over the in-memory connection. */
@Timeout(60)
class InProcessTest {

    @Test
    void toolsPromptsAndResourcesAnswerInEveryRevision() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class).start()) {
            plugin.forEachRevision(client -> {
                seen.add(client.protocolVersion().wire());
                assertThat(PluginTestKit.text(client.callTool("greet", Map.of("name", "Ada")))).isEqualTo("Hello, Ada!");
                var failed = client.callTool("greet", Map.of("name", " "));
                assertThat(failed.isError()).isTrue();
                assertThat(PluginTestKit.text(failed)).isEqualTo("name must not be blank");
                assertThat(PluginTestKit.text(client.getPrompt("haiku", Map.of("topic", "tests"))))
                        .isEqualTo("Write a haiku about tests");
                assertThat(PluginTestKit.text(client.readResource("sample://motto"))).isEqualTo("Small and sure.");
            });
        }
        assertThat(seen).containsExactlyElementsOf(
                java.util.Arrays.stream(ProtocolVersion.values()).map(ProtocolVersion::wire).toList());
    }

    @Test
    void progressAndLogMessagesReachTheClient() throws Exception {
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class).start()) {
            plugin.forEachRevision(client -> {
                var run = plugin.call(client, "count", Map.of());
                assertThat(run.text()).isEqualTo("counted to 3");
                assertThat(run.progress()).extracting(ServerNotification.Progress::progress)
                        .containsExactly(1.0, 2.0, 3.0);
                // Progress messages came with 2025-03-26.
                if (client.protocolVersion().compareTo(ProtocolVersion.V2025_03_26) >= 0) {
                    assertThat(run.progress()).extracting(ServerNotification.Progress::message)
                            .containsExactly("step 1", "step 2", "step 3");
                }
            });
            plugin.awaitNotification(n -> n instanceof ServerNotification.LogMessage log
                    && String.valueOf(log.data()).contains("counted 3"));
            assertThat(plugin.logs()).isNotEmpty();
        }
    }

    @Test
    void elicitationAndSamplingAreAnsweredInEveryRevisionThatHasThem() throws Exception {
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class)
                .onElicitation(request -> new ElicitResult("accept", Map.of("name", "Lin")))
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT, new TextContent("Tides"), "test-model",
                        "endTurn"))
                // Elicitation came with 2025-06-18; 2026-07-28 asks through input_required results.
                .revisions(ProtocolVersion.V2025_06_18, ProtocolVersion.V2025_11_25, ProtocolVersion.V2026_07_28)
                .start()) {
            plugin.forEachRevision(client -> {
                assertThat(PluginTestKit.text(client.callTool("askName", Map.of()))).isEqualTo("Hi Lin");
                assertThat(PluginTestKit.text(client.callTool("title", Map.of("text", "the sea"))))
                        .isEqualTo("Title: Tides");
            });
        }
    }

    @Test
    void inputRequiredRoundsCanBeAnsweredWhole() throws Exception {
        List<String> methods = new CopyOnWriteArrayList<>();
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class)
                .onElicitation(request -> new ElicitResult("decline", Map.of()))
                .onInputRequired(requests -> {
                    requests.values().forEach(r -> methods.add(r.method()));
                    return Map.of(requests.keySet().iterator().next(),
                            Map.of("action", "accept", "content", Map.of("name", "Round")));
                })
                .revisions(ProtocolVersion.V2026_07_28).start()) {
            plugin.forEachRevision(client ->
                    assertThat(PluginTestKit.text(client.callTool("askName", Map.of()))).isEqualTo("Hi Round"));
        }
        assertThat(methods).containsExactly("elicitation/create");
    }

    @Test
    void theConfigurationReachesThePluginUnderItsName() throws Exception {
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class).name("sample")
                .env(Map.of("SAMPLE_GREETING", "Salut")).start()) {
            assertThat(PluginTestKit.text(plugin.client().callTool("configured", Map.of()))).isEqualTo("Salut");
        }
    }

    @Test
    void aLibraryThePluginUsesIsBundledIntoItsJarOnlyWhenNamed() throws Exception {
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class).start()) {
            var missing = plugin.client().callTool("library", Map.of());
            assertThat(missing.isError()).isTrue();
            assertThat(PluginTestKit.text(missing)).contains("picocli/CommandLine");
        }
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class).bundling(picocli.CommandLine.class).start()) {
            assertThat(PluginTestKit.text(plugin.client().callTool("library", Map.of()))).isEqualTo("CommandLine");
        }
        assertThatThrownBy(() -> PluginTestKit.plugin(SamplePlugin.class).bundling(SamplePlugin.class))
                .hasMessageContaining("own classes");
    }

    @Test
    void aFailureNamesTheRevisionItHappenedIn() throws Exception {
        try (var plugin = PluginTestKit.plugin(SamplePlugin.class)
                .revisions(ProtocolVersion.V2024_11_05, ProtocolVersion.V2026_07_28).start()) {
            assertThatThrownBy(() -> plugin.forEachRevision(client -> {
                if (client.protocolVersion() == ProtocolVersion.V2026_07_28) throw new AssertionError("boom");
            })).isInstanceOf(AssertionError.class).hasMessageContaining("2026-07-28").hasMessageContaining("boom");
        }
    }

    @Test
    void aFolderWithoutAPluginIsRefusedSayingWhy() throws Exception {
        var empty = java.nio.file.Files.createTempDirectory("jmcp-no-plugin");
        try {
            assertThatThrownBy(() -> PluginTestKit.plugin(empty).start()).hasMessageContaining("META-INF/services");
        } finally {
            java.nio.file.Files.delete(empty);
        }
    }
}
