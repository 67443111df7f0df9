package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The assembled distribution under test ({@code -Djmcp.home}), started the way a user starts it. */
final class Distribution {
    static final Path HOME = Path.of(System.getProperty("jmcp.home", "target/jmcp")).toAbsolutePath();

    private Distribution() {
    }

    static Path launcher() {
        return HOME.resolve("bin/jmcp");
    }

    static Path bundledPlugins() {
        return HOME.resolve("plugins");
    }

    /** {@code bin/jmcp serve -p plugins extraArgs...} in {@code workDir}, with {@code env} added. */
    static McpProcess serve(Path plugins, Map<String, String> env, Path workDir, String... extraArgs) throws IOException {
        var command = new ArrayList<>(List.of(launcher().toString(), "serve", "-p", plugins.toString()));
        command.addAll(List.of(extraArgs));
        return McpProcess.start(command, env, workDir);
    }

    /** A private copy of the bundled plugins folder, so a test may change it. */
    static Path copyOfBundledPlugins(Path target) throws IOException {
        Files.createDirectories(target);
        try (var jars = Files.list(bundledPlugins())) {
            for (Path jar : jars.toList()) Files.copy(jar, target.resolve(jar.getFileName()));
        }
        return target;
    }
}
