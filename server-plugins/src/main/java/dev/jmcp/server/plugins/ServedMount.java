package dev.jmcp.server.plugins;

import dev.jmcp.server.mount.Mount;
import dev.jmcp.server.registry.Contribution;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;

/**
 * A plugin served by another MCP server: a {@code .mcp.json} mount, or a JAR or native library run in a child
 * process of its own (then {@code privateFolder} holds what the child serves, deleted once the mount has closed).
 * {@link #accepted} is the contribution the host last put in a snapshot: a new one the mounted server declares is
 * served only once the host has checked it against the other plugins.
 */
final class ServedMount implements ServedPlugin {
    private static final Logger LOG = LoggerFactory.getLogger(ServedMount.class);

    private final Mount mount;
    private final Path source;
    private final PluginStamp stamp;
    private final Path privateFolder;
    private volatile Contribution accepted;

    ServedMount(Mount mount, Path source, PluginStamp stamp, Path privateFolder) {
        this.mount = mount;
        this.source = source;
        this.stamp = stamp;
        this.privateFolder = privateFolder;
        this.accepted = mount.contribution();
    }

    Mount mount() {
        return mount;
    }

    /** Serves {@code next} from now on; the host calls it under its lock with the snapshot built from it. */
    void accept(Contribution next) {
        accepted = next;
    }

    @Override
    public String name() {
        return mount.name();
    }

    @Override
    public Path source() {
        return source;
    }

    @Override
    public PluginStamp stamp() {
        return stamp;
    }

    @Override
    public Contribution contribution() {
        return accepted;
    }

    @Override
    public void retire() {
        mount.retire();
        if (privateFolder != null) {
            Thread.ofVirtual().name("jmcp-mount-cleanup").start(() -> {
                try {
                    mount.awaitClosed(Duration.ofMinutes(10));
                    try (var files = Files.walk(privateFolder)) {
                        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(file);
                    }
                } catch (IOException e) {
                    LOG.debug("Cannot delete {}: {}", privateFolder, e.toString());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    @Override
    public boolean idle() {
        return mount.idle();
    }

    @Override
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return mount.awaitClosed(timeout);
    }

    @Override
    public String toString() {
        return mount + " from " + source;
    }
}
