package dev.jmcp.server.folder;

import java.nio.file.Path;
import java.util.Map;

/**
 * The plugins of one folder, served: loaded into registry snapshots that go to whoever made it, the folder watched and
 * what changes in it reloaded (hot reload). Thread-safe. {@link PluginFolders#NONE} serves nothing.
 */
public interface PluginFolder extends AutoCloseable {
    /** Loads the folder's plugins (returning once they are loaded), then watches it. Called once. */
    void start();

    /** The name of the plugin served now whose class loader is {@code loader}, or null. */
    String pluginOf(ClassLoader loader);

    /** The plugin files loaded now, with the name each plugin is served under. */
    Map<Path, String> loadedPlugins();

    /** The plugin files served now whose plugin is runaway (code of it runs on though asked to stop), with why. */
    Map<Path, String> runawayPlugins();

    /** The plugin files refused (failed to load, or clashed with another), with why. */
    Map<Path, String> failedPlugins();

    /**
     * Loads the plugin of {@code file} again though the file has not changed; returns the name it is served under.
     *
     * @throws IllegalArgumentException when {@code file} is no plugin file of the folder
     * @throws IllegalStateException    when it cannot be loaded; the previous version keeps serving
     */
    String reload(Path file);

    /** Stops watching and retires every plugin. Idempotent. */
    @Override
    void close();
}
