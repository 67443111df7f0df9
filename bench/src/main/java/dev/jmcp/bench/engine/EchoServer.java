package dev.jmcp.bench.engine;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A started {@link McpServer} whose plugins folder is a fresh temporary copy holding only the echo plugin JAR, found
 * at the system property {@value #PLUGIN_PROPERTY} (set by {@code bench/run.sh}) or else under
 * {@code bench/target}. The caller closes it; closing stops the server and deletes the folder.
 */
public final class EchoServer implements AutoCloseable {
    public static final String PLUGIN_PROPERTY = "jmcp.bench.echo-plugin";

    private final Path folder;
    private final McpServer server;

    public EchoServer() {
        try {
            folder = Files.createTempDirectory("jmcp-bench-plugins");
            Files.copy(pluginJar(), folder.resolve("echo.jar"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server = new McpServer(ServerOptions.defaults("jmcp-bench", folder));
        server.start();
        if (server.catalog().tool("echo").isEmpty()) {
            close();
            throw new IllegalStateException("the echo plugin did not load from " + folder);
        }
    }

    public McpServer server() {
        return server;
    }

    /** The echo plugin JAR: the system property, else the one this module's build left in bench/target. */
    public static Path pluginJar() throws IOException {
        String configured = System.getProperty(PLUGIN_PROPERTY);
        if (configured != null) return Path.of(configured);
        for (Path target : new Path[] {Path.of("bench/target"), Path.of("target")}) {
            if (!Files.isDirectory(target)) continue;
            try (Stream<Path> files = Files.list(target)) {
                var jar = files.filter(p -> p.getFileName().toString().endsWith("-echo-plugin.jar")).findFirst();
                if (jar.isPresent()) return jar.get();
            }
        }
        throw new IllegalStateException("no echo plugin JAR: build bench first, or set -D" + PLUGIN_PROPERTY);
    }

    @Override
    public void close() {
        server.close();
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
