package dev.jmcp.server.plugins;

import dev.jmcp.plugin.PluginChanges;

import java.util.function.Consumer;

/**
 * The {@link PluginChanges} handle one {@link JarPlugin} receives from its registrar: {@link #redeclare()} hands the
 * plugin to whoever serves it (the {@link PluginHost}), which runs {@code register} again and publishes the result.
 * Immutable and thread-safe; failures are the host's {@link IllegalStateException}s, passed through unchanged.
 */
record JarPluginChanges(JarPlugin plugin, Consumer<JarPlugin> host) implements PluginChanges {

    /** The host used when a loader serves no host (tests that load a JAR on its own): redeclaring is refused. */
    static final Consumer<JarPlugin> UNSERVED = plugin -> {
        throw new IllegalStateException(plugin + " is not served by a plugin host; it cannot redeclare");
    };

    @Override
    public void redeclare() {
        host.accept(plugin);
    }
}
