package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plugin author's path, as the README gives it: install jmcp's libraries from the checkout, generate a project
 * with {@code jmcp new plugin}, build it with Maven (which runs its test through the plugin test kit: a real server
 * and client), and drop the JAR into a running distribution.
 */
@Timeout(600)
class NewPluginIT {
    private static final Path ROOT = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path temp;

    private static String run(Path directory, List<String> command, long seconds) throws Exception {
        Path log = Files.createTempFile("jmcp-new-plugin", ".log");
        try {
            var builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().remove("MAVEN_OPTS");
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " did not end within " + seconds + " s:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as(String.join(" ", command) + ":\n" + output).isZero();
            return output;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Test
    void aGeneratedPluginBuildsTestsItselfAndServesFromTheDistribution() throws Exception {
        // The README's one step before the first plugin build: jmcp's libraries into the local Maven repository.
        run(ROOT, List.of("mvn", "-B", "-q", "install", "-DskipTests", "-pl", "plugin-api,plugin-testkit", "-am"), 400);

        String created = run(temp, List.of(Distribution.launcher().toString(), "new", "plugin", "shout"), 60);
        assertThat(created).contains("Created the plugin project");
        Path project = temp.resolve("shout");

        String built = run(project, List.of("mvn", "-B", "-q", "package"), 400);
        // The tests' own process logs at INFO (the project's tinylog-test.properties): no JDK debug lines, no
        // stack trace at exit.
        assertThat(built).doesNotContain("DEBUG").doesNotContain("TRACE").doesNotContain("java.lang.Throwable");
        Path jar = project.resolve("target/shout-1.0.0.jar");
        assertThat(jar).isRegularFile();
        assertThat(project.resolve("target/surefire-reports/TEST-com.example.shout.ShoutPluginTest.xml")).content()
                .contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"");

        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        Files.copy(jar, plugins.resolve(jar.getFileName()));
        try (McpProcess server = Distribution.serve(plugins, Map.of(), temp)) {
            server.initialize("2025-11-25", Map.of());
            var result = server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "Ada")));
            assertThat(result.toString()).contains("Hello, Ada!");
        }
    }
}
