package dev.jmcp.server.registry;

/**
 * The plugin behind a registry entry, as a lease: a call {@link #enter}s before running the plugin's code and
 * {@link #exit}s after, so a plugin replaced by a reload is closed only once its last running call has finished.
 * Implementations are thread-safe.
 */
public interface Owner {

    /** The plugin's name, for logs and conflict messages. */
    String name();

    /**
     * What the plugin or mounted server says it is for, in words (a manifest's description, a server's title and
     * instructions), or null: tool search indexes it with each of its tools.
     */
    default String description() {
        return null;
    }

    /** Starts a call; false when the plugin is already closed (the caller looks the entry up again). */
    boolean enter();

    /** Ends a call started by a successful {@link #enter}. */
    void exit();

    /** The plugin's configuration, handed to its handlers through their context. */
    default dev.jmcp.plugin.PluginConfig config() {
        return key -> java.util.Optional.empty();
    }

    /** The owner of entries registered by the server itself, never closed. */
    Owner BUILT_IN = new Owner() {
        @Override
        public String name() {
            return "built-in";
        }

        @Override
        public boolean enter() {
            return true;
        }

        @Override
        public void exit() {
        }
    };
}
