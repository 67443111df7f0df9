package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.jmcp.server.plugins.TestPlugins.call;
import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static dev.jmcp.server.plugins.TestPlugins.replying;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class PluginLoadingTest {
    private static final Duration SETTLE = Duration.ofMillis(100);

    @TempDir
    Path folder;

    @Test
    void everyJarOfTheFolderAndItsSubfoldersIsLoadedAndTheFirstSnapshotPublished() throws Exception {
        replying("top", "top-tool", "from top").writeTo(folder.resolve("top.jar"));
        replying("deep", "deep-tool", "from deep").writeTo(folder.resolve("sub/deeper/deep.jar"));
        Files.writeString(folder.resolve("notes.txt"), "not a plugin");
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();

            Registry first = snapshots.next();
            assertThat(first).isSameAs(host.registry());
            assertThat(first.tools()).extracting(e -> e.tool().name()).containsExactly("deep-tool", "top-tool");
            assertThat(call(first, "top-tool")).isEqualTo("from top");
            assertThat(call(first, "deep-tool")).isEqualTo("from deep");
            assertThat(first.tool("deep-tool").orElseThrow().owner().name()).isEqualTo("deep");
        }
    }

    @Test
    void privateCopiesLiveInAFolderOnlyTheUserCanEnterThatClosingRemoves() throws Exception {
        replying("top", "top-tool", "from top").writeTo(folder.resolve("top.jar"));
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        String prefix = "jmcp-plugins-" + ProcessHandle.current().pid() + "-";
        Set<Path> before = copyFolders(temporary, prefix);
        Path copies;
        try (var host = new PluginHost(folder, SETTLE, registry -> { })) {
            host.start();

            Set<Path> made = copyFolders(temporary, prefix);
            made.removeAll(before);
            assertThat(made).hasSize(1);
            copies = made.iterator().next();
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                assertThat(Files.getPosixFilePermissions(copies)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
            }
            try (var inside = Files.list(copies)) {
                assertThat(inside.map(p -> p.getFileName().toString())).anyMatch(name -> name.endsWith("top.jar"));
            }
        }
        assertThat(copies).doesNotExist();
    }

    private static Set<Path> copyFolders(Path temporary, String prefix) throws IOException {
        try (var entries = Files.list(temporary)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    @Test
    void everyKindOfDeclarationReachesTheRegistry() throws Exception {
        plugin("kinds", """
                registrar.tool(new Tool("t", "a tool", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("t"));
                registrar.prompt(new Prompt("greet", "greets", List.of(new PromptArgument("who", "whom", true))),
                        (a, c) -> new GetPromptResult("hi", List.of()));
                registrar.promptCompletion("greet", "who", (v, r, c) -> Completion.of(List.of("world")));
                registrar.resource(new Resource("notes://all", "all", "every note", "text/plain"),
                        (uri, c) -> new ReadResourceResult(List.of()));
                registrar.resourceTemplate(new ResourceTemplate("notes://{folder}/{id}", "note", "a note", "text/plain"),
                        (uri, v, c) -> new ReadResourceResult(List.of()));
                registrar.resourceCompletion("notes://{folder}/{id}", "folder", (v, r, c) -> Completion.empty());
                registrar.onRootsChanged(c -> { });
                """).writeTo(folder.resolve("kinds.jar"));
        try (var host = new PluginHost(folder, SETTLE, registry -> { })) {
            host.start();

            Registry registry = host.registry();
            assertThat(registry.tools()).extracting(e -> e.tool().name()).containsExactly("t");
            assertThat(registry.prompt("greet")).isPresent();
            assertThat(registry.resource("notes://all")).isPresent();
            var match = registry.matchTemplate("notes://work/42").orElseThrow();
            assertThat(match.getValue()).containsExactly(Map.entry("folder", "work"), Map.entry("id", "42"));
            assertThat(registry.completion(CompletionEntry.Kind.PROMPT, "greet", "who")).isPresent();
            assertThat(registry.completion(CompletionEntry.Kind.RESOURCE, "notes://{folder}/{id}", "folder")).isPresent();
            assertThat(registry.rootsListeners()).hasSize(1);
            ToolEntry tool = registry.tool("t").orElseThrow();
            assertThat(tool.validator().validate(Map.of())).isEmpty();
            assertThat(registry.contributions()).singleElement()
                    .satisfies(c -> assertThat(c.owner()).isSameAs(tool.owner()));
        }
    }

    @Test
    void pluginSeesTheApiTheProtocolAndTheJdkButNotTheServerItsLibrariesOrOtherPlugins() throws Exception {
        secretKeeper().writeTo(folder.resolve("a-secret.jar"));
        plugin("probe", """
                registrar.tool(new Tool("probe", "what can I see", Tool.NO_ARGUMENTS), (a, c) -> {
                    var seen = new StringBuilder();
                    for (String name : List.of("dev.jmcp.plugin.Plugin", "dev.jmcp.protocol.Tool",
                            "dev.jmcp.protocol.json.JsonCodec", "java.sql.Connection", "dev.jmcp.server.McpServer",
                            "dev.jmcp.server.registry.Registry", "com.fasterxml.jackson.databind.ObjectMapper",
                            "org.slf4j.LoggerFactory", "secret.Hidden")) {
                        boolean visible;
                        try {
                            Class.forName(name);
                            visible = true;
                        } catch (ClassNotFoundException e) {
                            visible = false;
                        }
                        seen.append(name).append('=').append(visible ? "visible" : "hidden").append('\\n');
                    }
                    seen.append("resource=").append(Main.class.getClassLoader()
                            .getResource("dev/jmcp/server/McpServer.class") == null ? "hidden" : "visible");
                    return CallToolResult.text(seen.toString());
                });
                """).writeTo(folder.resolve("probe.jar"));
        try (var host = new PluginHost(folder, SETTLE, registry -> { })) {
            host.start();

            assertThat(call(host.registry(), "secret")).isEqualTo("kept");
            assertThat(call(host.registry(), "probe").lines()).containsExactly(
                    "dev.jmcp.plugin.Plugin=visible",
                    "dev.jmcp.protocol.Tool=visible",
                    "dev.jmcp.protocol.json.JsonCodec=hidden",
                    "java.sql.Connection=visible",
                    "dev.jmcp.server.McpServer=hidden",
                    "dev.jmcp.server.registry.Registry=hidden",
                    "com.fasterxml.jackson.databind.ObjectMapper=hidden",
                    "org.slf4j.LoggerFactory=hidden",
                    "secret.Hidden=hidden",
                    "resource=hidden");
        }
    }

    private static dev.jmcp.testkit.PluginJarBuilder secretKeeper() {
        return replying("secret", "secret", "kept")
                .source("secret.Hidden", "package secret; public final class Hidden { }");
    }

    @Test
    void configurationComesFromTheEnvironmentFirstThenThePropertiesFileBesideTheJar() throws Exception {
        plugin("conf", """
                this.config = registrar.config();
                registrar.tool(new Tool("conf", "shows its configuration", Tool.NO_ARGUMENTS), (a, c) ->
                        CallToolResult.text(config.get("greeting", "-") + "|" + config.get("base-url", "-") + "|"
                                + config.get("absent", "default")));
                """, "private PluginConfig config;").writeTo(folder.resolve("my-conf.jar"));
        Files.writeString(folder.resolve("my-conf.properties"), "greeting=hello from the file\nbase-url=file://x\n");
        Map<String, String> environment = Map.of("MY_CONF_BASE_URL", "https://env.example", "OTHER_GREETING", "no");
        try (var host = new PluginHost(folder, SETTLE, registry -> { }, environment::get)) {
            host.start();

            assertThat(call(host.registry(), "conf")).isEqualTo("hello from the file|https://env.example|default");
        }
    }

    @Test
    void jarsThatFailToLoadAreSkippedAndTheOthersServe() throws Exception {
        replying("good", "good", "still here").writeTo(folder.resolve("good.jar"));
        Files.write(folder.resolve("corrupt.jar"), "this is not a zip file".getBytes());
        replying("noservice", "noservice", "x").withoutServiceFile().writeTo(folder.resolve("noservice.jar"));
        replying("missing", "missing", "x").provider("missing.Absent").writeTo(folder.resolve("missing.jar"));
        plugin("throwing", """
                registrar.tool(new Tool("throwing", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("x"));
                throw new IllegalStateException("boom");
                """).writeTo(folder.resolve("throwing.jar"));
        plugin("jackson", "new com.fasterxml.jackson.databind.ObjectMapper();")
                .writeTo(folder.resolve("jackson.jar"));
        plugin("twice", """
                registrar.tool(new Tool("twice", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("1"));
                registrar.tool(new Tool("twice", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("2"));
                """).writeTo(folder.resolve("twice.jar"));
        plugin("foreign", """
                registrar.tool(new Tool("foreign", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("x"));
                registrar.promptCompletion("someone-elses", "arg", (v, r, c) -> Completion.empty());
                """).writeTo(folder.resolve("foreign.jar"));
        try (var host = new PluginHost(folder, SETTLE, registry -> { })) {
            host.start();

            assertThat(host.registry().tools()).extracting(e -> e.tool().name()).containsExactly("good");
            assertThat(call(host.registry(), "good")).isEqualTo("still here");
        }
    }

    @Test
    void aNameDeclaredByTwoPluginsStaysWithTheFirstPathAndTheLaterPluginIsRefusedWhole() throws Exception {
        plugin("first", """
                registrar.tool(new Tool("shared", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("first"));
                registrar.tool(new Tool("first-only", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("1"));
                """).writeTo(folder.resolve("a.jar"));
        plugin("second", """
                registrar.tool(new Tool("shared", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("second"));
                registrar.tool(new Tool("second-only", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("2"));
                """).writeTo(folder.resolve("b.jar"));
        replying("namesake", "namesake-tool", "x").writeTo(folder.resolve("z/a.jar"));
        try (var host = new PluginHost(folder, SETTLE, registry -> { })) {
            host.start();

            assertThat(host.registry().tools()).extracting(e -> e.tool().name())
                    .containsExactly("first-only", "shared");
            assertThat(call(host.registry(), "shared")).isEqualTo("first");
        }
    }
}
