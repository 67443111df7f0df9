package dev.jmcp.server.plugins;

import dev.jmcp.server.folder.PluginFolder;
import dev.jmcp.server.folder.PluginFolders;
import dev.jmcp.server.registry.Registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The plugin kinds of this package, {@code mount} and {@code nativeabi}, served to the core: each folder a
 * {@link PluginHost}. The service this module provides ({@link java.util.ServiceLoader}).
 */
public final class PluginHosts implements PluginFolders {
    @Override
    public PluginFolder open(Path directory, Duration settle, Consumer<Registry> onChange,
                             Function<String, String> environment, Consumer<String> resourceUpdated,
                             Path mountCache) {
        var host = new PluginHost(directory, settle, onChange, environment);
        host.onResourceUpdated(resourceUpdated);
        if (mountCache != null) host.mountCache(mountCache);
        return host;
    }
}
