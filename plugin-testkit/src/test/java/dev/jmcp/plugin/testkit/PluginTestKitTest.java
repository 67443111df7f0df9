package dev.jmcp.plugin.testkit;

import example.sample.SamplePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class PluginTestKitTest {

    @Test
    void aPluginFromItsClassesFolderIsCalledThroughARealClient() throws Exception {
        try (TestServer server = PluginTestKit.serve(SamplePlugin.class)) {
            var tools = server.client().listTools();
            assertThat(tools).extracting(t -> t.name()).contains("greet", "count");

            var result = server.client().callTool("greet", Map.of("name", "Ada"));
            assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(PluginTestKit.text(result)).isEqualTo("Hello, Ada!");

            var failed = server.client().callTool("greet", Map.of("name", " "));
            assertThat(failed.isError()).isTrue();
            assertThat(PluginTestKit.text(failed)).isEqualTo("name must not be blank");

            var prompt = server.client().getPrompt("haiku", Map.of("topic", "tests"));
            assertThat(prompt.messages().getFirst().toString()).contains("Write a haiku about tests");

            var motto = server.client().readResource("sample://motto");
            assertThat(motto.contents().getFirst().toString()).contains("Small and sure.");
        }
    }

    @Test
    void theEnvironmentReachesTheServedPlugin() throws Exception {
        try (TestServer server = PluginTestKit.serve(SamplePlugin.class, Map.of("SAMPLE_SUFFIX", "!!"))) {
            var result = server.client().callTool("greet", Map.of("name", "Bo"));
            assertThat(PluginTestKit.text(result)).isEqualTo("Hello, Bo!!!");
        }
    }

    @Test
    void aServedPluginBundlesTheLibrariesNamedAsInProcess() throws Exception {
        // picocli is on the server's class path (jmcp's command line uses it), yet a plugin sees only the plugin API
        // and the JDK: without bundling, the plugin's tool cannot reach it.
        try (TestServer server = PluginTestKit.serve(SamplePlugin.class)) {
            var missing = server.client().callTool("library", Map.of());
            assertThat(missing.isError()).isTrue();
            assertThat(PluginTestKit.text(missing)).contains("picocli/CommandLine");
        }
        try (TestServer server = PluginTestKit.serve(SamplePlugin.class, Map.of(), picocli.CommandLine.class)) {
            assertThat(PluginTestKit.text(server.client().callTool("library", Map.of()))).isEqualTo("CommandLine");
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PluginTestKit.serve(SamplePlugin.class, Map.of(),
                SamplePlugin.class)).hasMessageContaining("own classes");
    }

    @Test
    void closingEndsTheServerAndRemovesItsTemporaryFolder() throws Exception {
        TestServer server = PluginTestKit.serve(SamplePlugin.class);
        var folder = server.folder();
        assertThat(folder.resolve("plugins/plugin-under-test.jar")).isRegularFile();

        server.close();

        assertThat(folder).doesNotExist();
        assertThat(server.log()).doesNotContain("ERROR");
    }
}
