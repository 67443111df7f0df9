package dev.jmcp.server;

import dev.jmcp.server.plugins.PluginHost;
import dev.jmcp.server.registry.Registry;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A jmcp server: the plugins of one folder served to any number of connections. Create it, {@link #start} it (loads
 * the plugins and starts watching the folder), serve one or more transports, {@link #close} it. Thread-safe.
 */
public final class McpServer implements AutoCloseable {
    private final ServerOptions options;
    private final PluginHost plugins;

    public McpServer(ServerOptions options) {
        this.options = options;
        this.plugins = new PluginHost(options.pluginsDirectory(), options.reloadSettle(), this::registryChanged);
    }

    public ServerOptions options() {
        return options;
    }

    public void start() {
        plugins.start();
    }

    public Registry registry() {
        return plugins.registry();
    }

    /**
     * Serves one client over a pair of streams (stdio): newline-delimited JSON-RPC. Returns when {@code in} ends and
     * every request already read has been answered.
     */
    public void serveStdio(InputStream in, OutputStream out) throws IOException {
        throw new UnsupportedOperationException("TODO(engine)");
    }

    private void registryChanged(Registry next) {
        // TODO(engine): tell sessions
    }

    @Override
    public void close() {
        plugins.close();
    }
}
