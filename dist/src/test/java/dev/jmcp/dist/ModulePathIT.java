package dev.jmcp.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The libraries other people embed are modules: an application of its own on the module path ({@code requires
 * dev.jmcp.client}) compiles against them and talks to jmcp through {@code McpClient}, JSON mapping included, which
 * needs the packages the descriptors open to Jackson.
 */
class ModulePathIT {
    @TempDir
    Path work;

    @Test
    void anApplicationOnTheModulePathUsesTheClient() throws Exception {
        Path lib = Distribution.launcher().getParent().resolveSibling("lib");
        List<String> modules;
        try (Stream<Path> jars = Files.list(lib)) {
            // The version follows the name at once: jmcp-client-jose-*.jar is not the client.
            modules = jars.map(Path::toString).filter(name -> name.matches(".*/(jmcp-(protocol|client|plugin-api)|"
                    + "jackson-(annotations|core|databind))-\\d[^/]*\\.jar")).sorted().toList();
        }
        assertThat(modules).hasSize(6);
        String modulePath = String.join(File.pathSeparator, modules);
        Path sources = Files.createDirectories(work.resolve("src/demo/demo"));
        Files.writeString(work.resolve("src/demo/module-info.java"), """
                module demo {
                    requires dev.jmcp.client;
                    requires dev.jmcp.plugin;
                }
                """);
        Files.writeString(sources.resolve("Main.java"), """
                package demo;

                import dev.jmcp.client.McpClient;
                import dev.jmcp.protocol.Tool;
                import java.util.List;
                import java.util.Map;

                public class Main {
                    public static void main(String[] args) throws Exception {
                        try (var client = McpClient.builder().stderr(line -> { })
                                .stdio(List.of(args[0], "serve", "-p", args[1]), Map.of())) {
                            System.out.println("server " + client.serverInfo().name());
                            System.out.println("tools " + client.listTools().stream().map(Tool::name).sorted().toList());
                            System.out.println("says " + client.callTool("sleep", Map.of("milliseconds", 1))
                                    .content().getFirst());
                            System.out.println("reads " + client.listResources().size());
                        }
                    }
                }
                """);
        Path classes = work.resolve("classes");
        var errors = new ByteArrayOutputStream();
        int compiled = ToolProvider.findFirst("javac").orElseThrow().run(System.out,
                new PrintStream(errors, true, StandardCharsets.UTF_8), "-d", classes.toString(), "--module-path",
                modulePath, "--module-source-path", work.resolve("src").toString(), "--module", "demo");
        assertThat(compiled).as(errors.toString(StandardCharsets.UTF_8)).isZero();

        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ArrayList<>(List.of(javaCommand, "--module-path", modulePath + File.pathSeparator
                + classes, "--module", "demo/demo.Main", Distribution.launcher().toString(),
                Distribution.bundledPlugins().toString()));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(output).isZero();
        assertThat(output).contains("server jmcp", "get_weather", "says TextContent", "reads ");
    }
}
