package dev.jmcp.server.folder;

import java.util.ServiceLoader;

/**
 * The {@link PluginFolders} provider, looked up once, when a server first serves a folder; null for none.
 *
 * <p>On the class path, jmcp-server-plugins' own provider is tried by name before {@link ServiceLoader}: a service
 * lookup there asks every JAR of the class path for its service file, and so opens and indexes every one of them, also
 * those whose classes come from the AOT cache and would otherwise never be opened. In the release (70 JARs) that was
 * 60-75 ms before the first answer on stdio. In a module layer the descriptors name the providers and nothing is
 * opened, so the lookup is {@code ServiceLoader}'s alone; so it is on the class path when that module is absent.
 */
final class FoundProvider {
    /** The provider jmcp-server-plugins declares (its {@code provides} and {@code META-INF/services}). */
    private static final String PLUGIN_KINDS = "dev.jmcp.server.plugins.PluginHosts";

    static final PluginFolders FOUND = find();

    private FoundProvider() {
    }

    private static PluginFolders find() {
        ClassLoader loader = PluginFolders.class.getClassLoader();
        if (!PluginFolders.class.getModule().isNamed()) {
            PluginFolders own = byName(loader);
            if (own != null) return own;
        }
        return ServiceLoader.load(PluginFolders.class, loader).findFirst().orElse(null);
    }

    private static PluginFolders byName(ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(PLUGIN_KINDS, false, loader);
        } catch (ClassNotFoundException | LinkageError absent) {
            return null;
        }
        if (!PluginFolders.class.isAssignableFrom(type)) return null;
        try {
            return (PluginFolders) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // What the service lookup then finds, or its error, says more than this.
            return null;
        }
    }
}
