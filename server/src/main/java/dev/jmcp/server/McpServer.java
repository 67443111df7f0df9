package dev.jmcp.server;

import dev.jmcp.server.plugins.PluginHost;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.session.Engine;
import dev.jmcp.server.stdio.StdioTransport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A jmcp server: the plugins of one folder served to any number of connections. Create it, {@link #start} it (loads
 * the plugins and starts watching the folder), serve one or more transports, {@link #close} it. Thread-safe.
 */
public final class McpServer implements AutoCloseable {
    private final ServerOptions options;
    private final PluginHost plugins;
    private final Engine engine;
    private final AtomicReference<Registry> published = new AtomicReference<>(Registry.EMPTY);

    public McpServer(ServerOptions options) {
        this.options = options;
        this.engine = new Engine(options, published::get, Methods.table(options));
        this.plugins = new PluginHost(options.pluginsDirectory(), options.reloadSettle(), this::registryChanged);
        plugins.onResourceUpdated(engine::resourceUpdated);
    }

    public ServerOptions options() {
        return options;
    }

    /** The engine transports open sessions on. */
    public Engine engine() {
        return engine;
    }

    /** Loads the plugins folder (returning once it is loaded) and starts watching it. */
    public void start() {
        plugins.start();
    }

    public Registry registry() {
        return published.get();
    }

    /**
     * Serves one client over a pair of streams (stdio): newline-delimited JSON-RPC. Returns when {@code in} ends and
     * every request already read has been answered.
     */
    public void serveStdio(InputStream in, OutputStream out) throws IOException {
        new StdioTransport(engine).serve(in, out);
    }

    private void registryChanged(Registry next) {
        Registry previous = published.getAndSet(next);
        engine.registryChanged(previous, next);
    }

    @Override
    public void close() {
        // Tasks first: their handlers are interrupted before the plugins they run in are closed.
        engine.close();
        plugins.close();
    }
}
