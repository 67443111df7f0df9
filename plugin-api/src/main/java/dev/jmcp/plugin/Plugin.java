package dev.jmcp.plugin;

/**
 * A jmcp plugin. A JAR in the plugins folder names its implementation in
 * {@code META-INF/services/dev.jmcp.plugin.Plugin}; the server creates it with the public no-argument constructor,
 * calls {@link #register} once, serves what it declared, and calls {@link #close} when the plugin is unloaded (after
 * every call into it has finished). A plugin instance may be called from many threads at once.
 */
public interface Plugin {

    /** Declares the plugin's tools, prompts, resources and completions. Throwing here fails the plugin's load. */
    void register(Registrar registrar) throws Exception;

    /** Releases what the plugin holds. Called once, after its last call has finished. */
    default void close() throws Exception {
    }
}
