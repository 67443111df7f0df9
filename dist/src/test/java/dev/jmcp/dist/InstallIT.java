package dev.jmcp.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bin/jmcp install} as a new user runs it: the entry it writes starts this distribution, exactly as the client
 * application will start it, and serves the bundled plugins from the default plugins folder.
 */
@Timeout(120)
class InstallIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    /** The user's home as the JVM sees it ({@code user.home} comes from the password database, not {@code HOME}). */
    private Map<String, String> userEnvironment() {
        return Map.of("JMCP_OPTS", "-Duser.home=" + home, "HOME", home.toString());
    }

    private String run(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Distribution.launcher().toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        var builder = new ProcessBuilder(command).directory(home.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(userEnvironment());
        builder.environment().remove("XDG_CONFIG_HOME");
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("install ended").isTrue();
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(stderr).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    @Test
    void theEntryInstalledForClaudeDesktopStartsThisServerWithTheBundledPlugins() throws Exception {
        String printed = run("install", "claude-desktop");

        Path config = home.resolve(".config/Claude/claude_desktop_config.json");
        assertThat(printed).contains("Created " + config);
        JsonNode entry = JSON.readTree(config.toFile()).path("mcpServers").path("jmcp");
        assertThat(entry.path("command").asText()).isEqualTo(Distribution.launcher().toRealPath().toString());

        List<String> command = new ArrayList<>(List.of(entry.path("command").asText()));
        entry.path("args").forEach(arg -> command.add(arg.asText()));
        Path elsewhere = Files.createDirectories(home.resolve("some/other/folder"));
        try (McpProcess server = McpProcess.start(command, Map.of(), elsewhere)) {
            server.initialize("2025-11-25", Map.of());
            var tools = server.call("tools/list", Map.of());
            assertThat(tools.toString()).contains("get_weather", "sleep", "progress_test");
        }
    }

    @Test
    void serveWithoutAPluginsFolderCreatesAndWatchesTheDefaultOne() throws Exception {
        var command = List.of(Distribution.launcher().toString(), "serve");
        try (McpProcess server = McpProcess.start(command, userEnvironment(), home)) {
            server.initialize("2025-11-25", Map.of());
            assertThat(home.resolve(".jmcp/plugins")).isDirectory();
        }
    }
}
