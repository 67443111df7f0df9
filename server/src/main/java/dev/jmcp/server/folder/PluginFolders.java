package dev.jmcp.server.folder;

import dev.jmcp.server.registry.Registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Makes the {@link PluginFolder} that serves a plugins folder: the service the module {@code dev.jmcp.server.plugins}
 * (artifact jmcp-server-plugins) provides, found with {@link java.util.ServiceLoader}. Implementations are thread-safe.
 */
public interface PluginFolders {
    /** Serves nothing: the folder of a server given none. */
    PluginFolder NONE = new PluginFolder() {
        @Override
        public void start() {
        }

        @Override
        public String pluginOf(ClassLoader loader) {
            return null;
        }

        @Override
        public Map<Path, String> loadedPlugins() {
            return Map.of();
        }

        @Override
        public Map<Path, String> runawayPlugins() {
            return Map.of();
        }

        @Override
        public Map<Path, String> failedPlugins() {
            return Map.of();
        }

        @Override
        public String reload(Path file) {
            throw new IllegalArgumentException("this server serves no plugins folder");
        }

        @Override
        public void close() {
        }
    };

    /**
     * A folder not started yet.
     *
     * @param directory       the plugins folder
     * @param settle          how long a changed file must stay quiet before it is loaded
     * @param onChange        gets every new registry snapshot
     * @param environment     looks up the environment variables plugins are configured with
     * @param resourceUpdated where a plugin's {@code notifications/resources/updated} go
     * @param mountCache      where lazy mounts keep their servers' manifests; null for the default
     */
    PluginFolder open(Path directory, Duration settle, Consumer<Registry> onChange,
                      Function<String, String> environment, Consumer<String> resourceUpdated, Path mountCache);

    /**
     * The folder that serves {@code directory}, not started yet: {@link #NONE} when it is null, else made by the
     * provider found beside this module.
     *
     * @throws IllegalStateException when a folder is given and no module provides plugin kinds
     */
    static PluginFolder serve(Path directory, Duration settle, Consumer<Registry> onChange,
                              Function<String, String> environment, Consumer<String> resourceUpdated,
                              Path mountCache) {
        if (directory == null) return NONE;
        PluginFolders provider = FoundProvider.FOUND;
        if (provider == null) {
            throw new IllegalStateException("cannot serve the plugins folder " + directory + ": no plugin kinds are "
                    + "on the path; add jmcp-server-plugins (module dev.jmcp.server.plugins) beside jmcp-server");
        }
        return provider.open(directory, settle, onChange, environment, resourceUpdated, mountCache);
    }
}
