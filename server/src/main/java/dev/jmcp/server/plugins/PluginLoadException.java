package dev.jmcp.server.plugins;

/**
 * A plugin JAR could not be loaded. The message is the reason, written for the person who dropped the JAR in the
 * folder (e.g. {@code has no META-INF/services/dev.jmcp.plugin.Plugin entry}); the host logs it once with the file.
 */
final class PluginLoadException extends Exception {
    private static final long serialVersionUID = 1L;

    PluginLoadException(String reason) {
        super(reason);
    }

    PluginLoadException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
