package dev.jmcp.plugin.testkit;

import dev.jmcp.client.McpClient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A jmcp server serving one plugin under test, and the client connected to it. {@link #close} ends the session, the
 * server process and its temporary folder. The client is as thread-safe as {@link McpClient}.
 */
public final class TestServer implements AutoCloseable {
    private final McpClient client;
    private final Path work;
    private final StringBuffer stderr;

    TestServer(McpClient client, Path work, StringBuffer stderr) {
        this.client = client;
        this.work = work;
        this.stderr = stderr;
    }

    /** The client, already initialized. */
    public McpClient client() {
        return client;
    }

    /** What the server has logged so far (its standard error): the place to look when a plugin failed to load. */
    public String log() {
        return stderr.toString();
    }

    /** The server's temporary working folder, holding {@code plugins/}; gone after {@link #close}. */
    Path folder() {
        return work;
    }

    @Override
    public void close() throws IOException {
        try {
            client.close();
        } finally {
            deleteTree(work);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(path);
        }
    }
}
