package dev.jmcp.server.plugins;

/**
 * A plugin JAR could not be loaded. The message is the reason, written for the person who dropped the JAR in the
 * folder (e.g. {@code has no META-INF/services/dev.jmcp.plugin.Plugin entry}); the host logs it once with the file.
 * {@link #notReady()}: the plugin's process (a native library's, a mount's) was not ready in time; the host tries it
 * again with back-off instead of waiting for its file to change.
 */
final class PluginLoadException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean notReady;

    PluginLoadException(String reason) {
        this(reason, null, false);
    }

    PluginLoadException(String reason, Throwable cause) {
        this(reason, cause, false);
    }

    PluginLoadException(String reason, Throwable cause, boolean notReady) {
        super(reason, cause);
        this.notReady = notReady;
    }

    /** True when the plugin was not ready in time: another try may succeed. */
    boolean notReady() {
        return notReady;
    }
}
