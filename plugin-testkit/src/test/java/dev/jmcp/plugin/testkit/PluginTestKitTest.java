package dev.jmcp.plugin.testkit;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ToolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class PluginTestKitTest {

    /** A plugin as an author writes one; the test-classes folder holds it and its service file. */
    public static final class SamplePlugin implements Plugin {
        @Override
        public void register(Registrar registrar) {
            registrar.annotated(this);
        }

        @McpTool(description = "Greets someone")
        public String greet(@Arg(description = "Who") String name) {
            if (name.isBlank()) throw new ToolException("name must not be blank");
            return "Hello, " + name + "!" + registrarConfigSuffix();
        }

        @McpPrompt(description = "Asks for a haiku")
        public String haiku(String topic) {
            return "Write a haiku about " + topic;
        }

        @McpResource(uri = "sample://motto", description = "The motto")
        public String motto() {
            return "Small and sure.";
        }

        private static String registrarConfigSuffix() {
            String punctuation = System.getenv("SAMPLE_SUFFIX");
            return punctuation == null ? "" : punctuation;
        }
    }

    @Test
    void aPluginFromItsClassesFolderIsCalledThroughARealClient() throws Exception {
        try (TestServer server = PluginTestKit.serve(SamplePlugin.class)) {
            var tools = server.client().listTools();
            assertThat(tools).extracting(t -> t.name()).containsExactly("greet");

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
    void closingEndsTheServerAndRemovesItsTemporaryFolder() throws Exception {
        TestServer server = PluginTestKit.serve(SamplePlugin.class);
        var folder = server.folder();
        assertThat(folder.resolve("plugins/plugin-under-test.jar")).isRegularFile();

        server.close();

        assertThat(folder).doesNotExist();
        assertThat(server.log()).doesNotContain("ERROR");
    }
}
