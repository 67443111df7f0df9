package dev.jmcp.plugin.testkit;

import dev.jmcp.client.McpClient;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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

    /**
     * A new folder in the temporary folder, readable by this user only, for one plugin under test. Named by process id
     * and clock rather than by {@code Files.createTempDirectory}, whose first use in a JVM starts the JDK's secure
     * random generator and its security providers (some 40 classes and their set-up, in every test JVM) for a name
     * that needs to be unused, not secret. {@code createDirectory} fails on any existing entry, a symbolic link
     * included, so a name taken first is skipped, never entered.
     */
    static Path workFolder() throws IOException {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        String prefix = "jmcp-plugin-test-" + ProcessHandle.current().pid() + "-";
        for (int attempt = 1; ; attempt++) {
            Path folder = temporary.resolve(prefix + Long.toString(System.nanoTime() & Long.MAX_VALUE, 36));
            try {
                return posix ? Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------"))) : Files.createDirectory(folder);
            } catch (FileAlreadyExistsException taken) {
                if (attempt == 100) throw taken;
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(path);
        }
    }
}
