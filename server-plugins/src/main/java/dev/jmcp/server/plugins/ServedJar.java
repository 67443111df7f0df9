package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Contribution;

import java.nio.file.Path;
import java.time.Duration;

/** A JAR plugin loaded into the server's own process. */
record ServedJar(JarPlugin jar, PluginStamp stamp) implements ServedPlugin {
    @Override
    public String name() {
        return jar.name();
    }

    @Override
    public Path source() {
        return jar.source();
    }

    @Override
    public Contribution contribution() {
        return jar.contribution();
    }

    @Override
    public void retire() {
        jar.retire();
    }

    @Override
    public boolean idle() {
        return jar.idle();
    }

    @Override
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return jar.awaitClosed(timeout);
    }
}
