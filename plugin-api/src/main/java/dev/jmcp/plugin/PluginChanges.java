package dev.jmcp.plugin;

/**
 * A plugin's way to change what it declares while it runs. Kept by the plugin from {@link Registrar#changes()}; valid
 * until the plugin is closed, and thread-safe.
 */
public interface PluginChanges {

    /**
     * Asks the server to call {@link Plugin#register} again on the same plugin instance and serve what it declares
     * this time; clients are told the lists changed. Returns once the new declarations are served. Throws
     * {@link IllegalStateException} when the new declarations are refused (a name another plugin owns, an unusable
     * schema): the previous ones keep serving.
     */
    void redeclare();
}
