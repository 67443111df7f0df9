package dev.jmcp.testjvm;

import dev.jmcp.plugin.testkit.PluginTestKit;
import dev.jmcp.plugin.testkit.PluginUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The training run of a plugin project's test JVM: JUnit runs it in a JVM that writes an AOT cache
 * ({@code -XX:AOTCacheOutput}) from the classes it loads and the code it runs, which the project's own test JVMs then
 * start from. It does what a plugin author's tests do with the test kit, on {@link TrainingPlugin}: loads the plugin
 * in-process, calls its tools, prompt and resource in every revision, and closes it. A generated project's build runs
 * it (see its {@code pom.xml}) when the cache is missing; it tests nothing of the project's. With the system property
 * {@value TestJvmCache#PROPERTY} naming the cache, it records what the cache is trained on beside it
 * ({@link TestJvmCache}).
 */
public class TestJvmTraining {
    private static Path folder;
    private static PluginUnderTest plugin;

    @BeforeAll
    static void load() throws IOException {
        folder = Files.createTempDirectory("jmcp-test-jvm-training");
        Path classes = folder.resolve("classes");
        String name = TrainingPlugin.class.getName().replace('.', '/') + ".class";
        Path file = classes.resolve(name);
        Files.createDirectories(file.getParent());
        try (InputStream in = TrainingPlugin.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the test kit");
            Files.copy(in, file);
        }
        Path services = classes.resolve("META-INF/services/" + dev.jmcp.plugin.Plugin.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, TrainingPlugin.class.getName() + "\n");
        plugin = PluginTestKit.plugin(classes).name("training").start();
    }

    @AfterAll
    static void close() throws IOException {
        try {
            if (plugin != null) plugin.close();
        } finally {
            deleteTree(folder);
        }
        // The JVM writes the cache as it exits; what it is trained on is recorded beside it now.
        var cache = TestJvmCache.configured();
        if (cache.isPresent()) TestJvmCache.recordTraining(cache.get());
    }

    private static void deleteTree(Path root) throws IOException {
        if (root == null) return;
        try (var files = Files.walk(root)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(file);
        }
    }

    @Test
    void callsToolsInEveryRevision() throws Exception {
        plugin.forEachRevision(client -> {
            assertEquals("Hello, Ada!", PluginTestKit.text(client.callTool("greet", Map.of("name", "Ada"))));
            var error = client.callTool("greet", Map.of("name", " "));
            assertTrue(error.isError());
            assertEquals("name must not be blank", PluginTestKit.text(error));
            assertEquals("HO HO", PluginTestKit.text(client.callTool("repeat",
                    Map.of("word", "ho", "times", 2, "loud", true))));
            assertEquals(2, client.listTools().size());
        });
    }

    @Test
    void readsThePromptAndTheResourceInEveryRevision() throws Exception {
        plugin.forEachRevision(client -> {
            assertEquals("Write a haiku about tea", PluginTestKit.text(client.getPrompt("haiku",
                    Map.of("topic", "tea"))));
            assertEquals("Small and sure.", PluginTestKit.text(client.readResource("training://motto")));
        });
    }
}
