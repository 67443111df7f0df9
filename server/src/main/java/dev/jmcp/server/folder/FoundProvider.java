package dev.jmcp.server.folder;

import java.util.ServiceLoader;

/** The {@link PluginFolders} provider, looked up once, when a server first serves a folder; null for none. */
final class FoundProvider {
    static final PluginFolders FOUND = ServiceLoader
            .load(PluginFolders.class, PluginFolders.class.getClassLoader()).findFirst().orElse(null);

    private FoundProvider() {
    }
}
