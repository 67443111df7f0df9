package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Owns the plugins folder: loads every JAR in it, watches it, and publishes a new {@link Registry} snapshot to
 * {@code onChange} after each settled change. Thread-safe; {@link #close} stops watching and closes every plugin.
 */
public final class PluginHost implements AutoCloseable {
    private final Path directory;
    private final Duration settle;
    private final Consumer<Registry> onChange;
    private volatile Registry registry = Registry.EMPTY;

    public PluginHost(Path directory, Duration settle, Consumer<Registry> onChange) {
        this.directory = directory;
        this.settle = settle;
        this.onChange = onChange;
    }

    /** Loads the folder's plugins (returning once they are loaded), then watches it. */
    public void start() {
        // TODO(plugins)
    }

    public Registry registry() {
        return registry;
    }

    @Override
    public void close() {
    }
}
