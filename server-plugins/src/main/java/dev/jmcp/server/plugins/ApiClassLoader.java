package dev.jmcp.server.plugins;

import dev.jmcp.server.plugins.containment.ExitGuard;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;

/**
 * The parent of every plugin's class loader: the JDK (through the platform class loader) plus the packages
 * {@code dev.jmcp.plugin} and {@code dev.jmcp.protocol} (and their subpackages) of the server's class loader, and
 * nothing else but {@link ExitGuard}, which a plugin's rewritten exits call. So a plugin and the server share the API
 * types, while the server's internals, its libraries (Jackson, SLF4J, ...) and other plugins stay invisible. The codec
 * ({@code dev.jmcp.protocol.json}) is hidden too: a plugin decoding into its own types through the server's shared
 * mapper would pin its class loader after a reload. Defines no class itself; holds no reference to any plugin, so one
 * instance serves all plugins of a host. Thread-safe (parallel capable).
 */
final class ApiClassLoader extends ClassLoader {
    private static final String[] PACKAGES = {"dev.jmcp.plugin.", "dev.jmcp.protocol."};
    private static final String GUARD = ExitGuard.class.getName();
    private static final String[] RESOURCE_FOLDERS = {"dev/jmcp/plugin/", "dev/jmcp/protocol/"};
    private static final String[] HIDDEN = {"dev.jmcp.protocol.json.", "dev/jmcp/protocol/json/"};

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader server;

    ApiClassLoader(ClassLoader server) {
        super("jmcp-plugin-api", ClassLoader.getPlatformClassLoader());
        this.server = server;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        // Defines nothing itself, so it needs no class loading lock of its own: straight to the server or the JDK.
        if (startsWithAny(name, HIDDEN)) {
            throw new ClassNotFoundException(name + " (the server's codec is not part of the plugin API)");
        }
        return startsWithAny(name, PACKAGES) || name.equals(GUARD) ? server.loadClass(name)
                : getParent().loadClass(name);
    }

    @Override
    protected URL findResource(String name) {
        return startsWithAny(name, RESOURCE_FOLDERS) && !startsWithAny(name, HIDDEN) ? server.getResource(name) : null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
        return startsWithAny(name, RESOURCE_FOLDERS) && !startsWithAny(name, HIDDEN) ? server.getResources(name)
                : Collections.emptyEnumeration();
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) return true;
        }
        return false;
    }
}
