package dev.jmcp.server.plugins;

import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static dev.jmcp.server.plugins.TestPlugins.replying;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class JarPluginLoaderTest {
    @TempDir
    Path folder;
    @TempDir
    Path copies;
    private JarPluginLoader loader;

    @BeforeEach
    void createLoader() {
        loader = new JarPluginLoader(copies, new ApiClassLoader(getClass().getClassLoader()), name -> null);
    }

    @Test
    void pluginServesFromAPrivateCopyThatIsDeletedWhenItCloses() throws Exception {
        Path jar = replying("copy", "copy", "from the copy").writeTo(folder.resolve("copy.jar"));
        Files.writeString(folder.resolve("copy.properties"), "colour=blue\n");

        JarPlugin plugin = loader.load(jar, JarStamp.read(jar));

        assertThat(plugin.name()).isEqualTo("copy");
        assertThat(plugin.config().get("colour")).contains("blue");
        assertThat(plugin.copy()).isNotEqualTo(jar).startsWith(copies).exists();
        assertThat(plugin.contribution().owner()).isSameAs(plugin);
        Files.delete(jar);
        plugin.retire();
        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
        assertThat(plugin.copy()).doesNotExist();
        assertThat(plugin.contribution()).isNull();
        assertThat(copies).isEmptyDirectory();
    }

    @Test
    void corruptZipIsNotAReadableJar() throws Exception {
        Path jar = Files.write(folder.resolve("corrupt.jar"), new byte[]{'P', 'K', 3, 4, 1, 2, 3});
        assertThat(reason(jar)).startsWith("is not a readable JAR");
    }

    @Test
    void jarWithoutServiceFileIsRefused() throws Exception {
        assertThat(reason(replying("a", "a", "a").withoutServiceFile()))
                .contains("has no META-INF/services/dev.jmcp.plugin.Plugin entry");
    }

    @Test
    void serviceFileWithoutProvidersIsRefused() throws Exception {
        assertThat(reason(PluginJarBuilder.create().resource("readme.txt", "hello")))
                .contains("names no Plugin implementation");
    }

    @Test
    void providerMissingFromTheJarIsAClassError() throws Exception {
        assertThat(reason(replying("a", "a", "a").provider("a.Absent")))
                .startsWith("cannot create its plugin").contains("a.Absent");
    }

    @Test
    void providerThatIsNoPluginIsAClassError() throws Exception {
        assertThat(reason(PluginJarBuilder.create().plugin("a.NotAPlugin", "package a; public class NotAPlugin { }")))
                .startsWith("cannot create its plugin").contains("not a subtype");
    }

    @Test
    void constructorThatThrowsIsAClassError() throws Exception {
        assertThat(reason(plugin("a", "", "public Main() { throw new IllegalStateException(\"no\"); }")))
                .startsWith("cannot create its plugin").contains("no");
    }

    @Test
    void registerThatThrowsFailsTheLoadWithItsMessage() throws Exception {
        assertThat(reason(plugin("a", "throw new java.io.IOException(\"database unreachable\");")))
                .isEqualTo("register() failed: java.io.IOException: database unreachable");
    }

    @Test
    void serverLibrariesAreNotThereForPluginCode() throws Exception {
        assertThat(reason(plugin("a", "org.slf4j.LoggerFactory.getLogger(Main.class);")))
                .contains("NoClassDefFoundError").contains("org/slf4j/LoggerFactory");
    }

    @Test
    void nameDeclaredTwiceInsideOnePluginIsRefusedEvenIfThePluginSwallowsTheError() throws Exception {
        assertThat(reason(plugin("a", """
                registrar.prompt(new Prompt("p", "d", List.of()), (x, c) -> new GetPromptResult("d", List.of()));
                try {
                    registrar.prompt(new Prompt("p", "d", List.of()), (x, c) -> new GetPromptResult("d", List.of()));
                } catch (IllegalArgumentException ignored) {
                }
                """))).isEqualTo("prompt 'p' is declared twice");
    }

    @Test
    void completionOfATemplateThePluginDoesNotOwnIsRefused() throws Exception {
        assertThat(reason(plugin("a", """
                registrar.resourceTemplate(new ResourceTemplate("x://{id}", "x", "d", null),
                        (uri, v, c) -> new ReadResourceResult(List.of()));
                registrar.resourceCompletion("x://{id}", "name", (v, r, c) -> Completion.empty());
                registrar.resourceCompletion("y://{id}", "id", (v, r, c) -> Completion.empty());
                """))).isEqualTo("completion of variable 'name' of resource template 'x://{id}', a variable the "
                + "template does not have; completion of variable 'id' of resource template 'y://{id}', a template "
                + "this plugin does not declare");
    }

    @Test
    void registrarIsUnusableAfterRegister() throws Exception {
        Path jar = plugin("late", """
                this.registrar = registrar;
                registrar.tool(new Tool("late", "d", Tool.NO_ARGUMENTS), (a, c) -> {
                    try {
                        this.registrar.tool(new Tool("later", "d", Tool.NO_ARGUMENTS), (x, y) -> null);
                        return CallToolResult.text("accepted");
                    } catch (IllegalStateException e) {
                        return CallToolResult.text("refused");
                    }
                });
                """, "private Registrar registrar;").writeTo(folder.resolve("late.jar"));
        JarPlugin plugin = loader.load(jar, JarStamp.read(jar));
        var registry = dev.jmcp.server.registry.Registry.of(java.util.List.of(plugin.contribution()));

        assertThat(TestPlugins.call(registry, "late", Map.of())).isEqualTo("refused");
        plugin.retire();
    }

    @Test
    void failedLoadLeavesNoCopyBehind() throws Exception {
        reason(plugin("a", "throw new IllegalStateException(\"no\");"));
        reason(replying("b", "b", "b").withoutServiceFile());
        assertThat(copies).isEmptyDirectory();
    }

    private String reason(PluginJarBuilder jar) throws Exception {
        return reason(jar.writeTo(folder.resolve("plugin.jar")));
    }

    private String reason(Path jar) {
        return assertThatThrownBy(() -> loader.load(jar, JarStamp.read(jar)))
                .isInstanceOf(PluginLoadException.class)
                .actual().getMessage();
    }
}
