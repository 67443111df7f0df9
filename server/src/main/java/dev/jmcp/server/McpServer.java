package dev.jmcp.server;

import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.folder.PluginFolder;
import dev.jmcp.server.folder.PluginFolders;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.observe.CallObserver;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.engine.Engines;
import dev.jmcp.server.stdio.StdioTransport;
import dev.jmcp.server.tools.ToolSearch;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolSearchSettings;
import dev.jmcp.server.transport.Connection;
import dev.jmcp.server.transport.Session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A jmcp server: the plugins of one folder served to any number of connections. Create it, {@link #start} it (loads
 * the plugins and starts watching the folder), serve one or more transports, {@link #close} it. Thread-safe.
 *
 * <p>The plugin kinds (JARs, native libraries, mounted servers) come from the module jmcp-server-plugins, found with
 * {@link java.util.ServiceLoader}; a server whose options name no plugins folder serves none and needs no such module.
 */
public final class McpServer implements AutoCloseable {
    private final ServerOptions options;
    private final PluginFolder plugins;
    /**
     * Never handed out to embedders: the HTTP transport ({@code dev.jmcp.server.http.HttpTransport}, a module of its
     * own) reads it through {@link Engines}, in a package exported to jmcp's own modules alone.
     */
    private final Engine engine;
    private final AtomicReference<Registry> published = new AtomicReference<>(Registry.EMPTY);
    /** The first load run by {@link #startInBackground}, which {@link #close} lets end first; null for none. */
    private volatile PluginLoad background;

    /** Null when tool search is off. */
    private final ToolSearch toolSearch;

    static {
        Engines.reader(McpServer.class, server -> ((McpServer) server).engine);
    }

    public McpServer(ServerOptions options) {
        this(options, null, null, System::getenv);
    }

    /**
     * A server whose plugins read their configuration through {@code environment} in place of the process's
     * environment variables: for embedders and tests that configure a plugin without a child process.
     */
    public McpServer(ServerOptions options, java.util.function.Function<String, String> environment) {
        this(options, null, null, environment);
    }

    /**
     * A server that serves tool search ({@code settings} not null) with {@code index}, which it feeds every registry
     * snapshot from now on and closes when it closes.
     */
    public McpServer(ServerOptions options, ToolSearchSettings settings, ToolIndex index) {
        this(options, settings, index, System::getenv);
    }

    private McpServer(ServerOptions options, ToolSearchSettings settings, ToolIndex index,
                      java.util.function.Function<String, String> environment) {
        this.options = options;
        this.toolSearch = settings == null ? null : new ToolSearch(index, settings);
        this.engine = new Engine(options, published::get, Methods.table(options, toolSearch));
        if (toolSearch != null) engine.resolveCalledTools(toolSearch::calledTool);
        this.plugins = PluginFolders.serve(options.pluginsDirectory(), options.reloadSettle(), this::registryChanged,
                environment, engine::resourceUpdated, options.mountCache());
        engine.failedPlugins(plugins::failedPlugins);
    }

    public ServerOptions options() {
        return options;
    }

    /** Requests being served now, on every transport: sessions' requests and HTTP's stateless ones. */
    public int requestsInFlight() {
        return engine.requestsInFlight();
    }

    /** Tasks (tasks extension) this instance holds now. */
    public int tasksHeld() {
        return engine.tasksHeld();
    }

    /**
     * A session for one client whose messages go out through {@code connection}: for transports of one's own (and
     * benchmarks) that hand {@link Session#receive} each message read. The caller closes it.
     */
    public Session openSession(Connection connection) {
        return engine.openSession(connection);
    }

    /**
     * Tells {@code observer} of every request served from now on, on both wires and every transport (see
     * {@link CallObserver}). Observers add up; none is the default, and then observing costs nothing.
     */
    public void observe(CallObserver observer) {
        engine.observe(observer);
    }

    /**
     * The plugin serving what {@code call} targets (a tool, prompt, resource or skill, as the method's row says), or
     * null: none does, or the call names something else (a task) or nothing.
     */
    public String pluginOf(dev.jmcp.server.observe.CallInfo call) {
        if (call.kind() == null) return null;
        Registry registry = engine.registry();
        var owner = switch (call.kind()) {
            case TOOL -> registry.tool(call.target()).map(e -> e.owner());
            case PROMPT -> registry.prompt(call.target()).map(e -> e.owner());
            case RESOURCE -> registry.resource(call.target()).map(e -> e.owner())
                    .or(() -> registry.matchTemplate(call.target()).map(m -> m.getKey().owner()));
            case SKILL -> registry.skill(call.target()).map(e -> e.owner());
            case TASK -> java.util.Optional.<dev.jmcp.server.registry.Owner>empty();
        };
        return owner.map(dev.jmcp.server.registry.Owner::name).orElse(null);
    }

    /**
     * The plugin a line logged on the current thread belongs to when no call it serves is known: the one named by
     * {@link dev.jmcp.server.observe.LogTap#forPlugin} (a child process's output, also while the plugin is still
     * loading, so by name only: a plugin of the same name of another server in this JVM is not told apart), else this
     * server's JAR plugin whose class loader is the thread's context class loader (a thread the plugin started inherits
     * it), or null. Never waits.
     */
    public String pluginOfCurrentThread() {
        String named = dev.jmcp.server.observe.LogTap.plugin();
        if (named != null) return named;
        return plugins.pluginOf(Thread.currentThread().getContextClassLoader());
    }

    /** The plugin files served now, with each plugin's name (once the first load is done, as every read here). */
    public java.util.Map<java.nio.file.Path, String> loadedPlugins() {
        engine.awaitPlugins();
        return plugins.loadedPlugins();
    }

    /**
     * The plugin files served now whose plugin is runaway: code of it runs on though asked to stop, so its new calls
     * are refused; with why.
     */
    public java.util.Map<java.nio.file.Path, String> runawayPlugins() {
        engine.awaitPlugins();
        return plugins.runawayPlugins();
    }

    /** The plugin files refused (failed to load, or clashed with another), with why. */
    public java.util.Map<java.nio.file.Path, String> failedPlugins() {
        engine.awaitPlugins();
        return plugins.failedPlugins();
    }

    /** The stateful sessions open now, over every transport. */
    public java.util.List<dev.jmcp.server.observe.SessionSummary> sessions() {
        return engine.sessionSummaries();
    }

    /**
     * Ends the stateful session {@code id} ({@link dev.jmcp.server.observe.SessionSummary#id}) for good, as its
     * transport would; empty when it ended, otherwise why it did not.
     */
    public java.util.Optional<String> endSession(String id, String why) {
        return engine.endSession(id, why);
    }

    /**
     * Loads the plugin of the file {@code fileName} in the plugins folder again (see
     * {@link PluginFolder#reload}); returns the name it is served under.
     *
     * @throws IllegalArgumentException when the folder holds no such plugin file
     * @throws IllegalStateException    when it cannot be loaded; the previous version keeps serving
     */
    public String reloadPlugin(String fileName) {
        engine.awaitPlugins();
        if (fileName == null || fileName.isEmpty() || fileName.contains("/") || fileName.contains("\\")
                || fileName.startsWith(".")) {
            throw new IllegalArgumentException("name a plugin file of the plugins folder, e.g. weather.jar");
        }
        if (options.pluginsDirectory() == null) {
            throw new IllegalArgumentException("this server serves no plugins folder");
        }
        return plugins.reload(options.pluginsDirectory().resolve(fileName));
    }

    /** Stateful sessions open now, over every transport. */
    public int sessionCount() {
        return engine.sessionCount();
    }

    /**
     * Shares what instances behind one load balancer must share (request-state keys, change events) through
     * {@code state}; without it the server keeps them to itself. Call before {@link #start}.
     */
    public void share(dev.jmcp.server.state.SharedState state) {
        engine.share(state);
    }

    /** Loads the plugins folder (returning once it is loaded) and starts watching it. */
    public void start() {
        plugins.start();
    }

    /**
     * Loads the plugins folder on a thread of its own, then watches it, and returns at once: for serving while they
     * load (start-up time). Meanwhile {@code initialize} and {@code ping} are answered, and every other request waits
     * for the load and then sees every plugin it loaded; sessions get no {@code list_changed} for it. The load returned
     * has begun; it ends failed when it could not run (the server then serves no plugin).
     */
    public PluginLoad startInBackground() {
        PluginLoad load = startWhenReady();
        load.begin();
        return load;
    }

    /**
     * As {@link #startInBackground()}, but the load begins at {@link PluginLoad#begin}; from now on requests that need
     * the plugins wait for it all the same. For a transport that opens its port first, so that the load does not
     * compete with that for the CPUs of a small machine; when the port cannot open, {@link PluginLoad#abandon} lets
     * the waiting requests go on and no plugin loads.
     */
    public PluginLoad startWhenReady() {
        var load = new PluginLoad(plugins::start, engine::pluginsLoaded);
        background = load;
        engine.pluginsLoading();
        return load;
    }

    /** Whether the plugins folder is loaded (always, except while {@link #startInBackground} still loads it). */
    public boolean pluginsReady() {
        return engine.pluginsReady();
    }

    /**
     * What the plugins serve now, each with its plugin's name (see {@link Catalog}); while {@link #startInBackground}
     * still loads them, waits for that first.
     */
    public Catalog catalog() {
        return Catalog.of(engine.registry());
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
        // The index first: a client told of the change finds the new tools with its next search.
        if (toolSearch != null) toolSearch.update(next);
        engine.registryChanged(previous, next);
    }

    /**
     * Waits at most {@code timeout} for the requests in flight on every connection to be answered; true if none is
     * left. For shutting down: what finishes meanwhile is answered before the process ends.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return engine.awaitIdle(timeout);
    }

    /**
     * Ends the grace period of a shutdown: each request still in flight on every connection is answered with an error
     * that says the server stopped (so no client waits for an answer that never comes), and cancelled. Returns how
     * many were answered so.
     */
    public int stopInFlight() {
        return engine.stopInFlight();
    }

    @Override
    public void close() {
        // A first load still running ends before the plugins are closed (it waits for slow plugins a bounded time).
        var loading = background;
        if (loading != null) loading.awaitIfBegun();
        // Tasks first: their handlers are interrupted before the plugins they run in are closed.
        engine.close();
        plugins.close();
        if (toolSearch != null) toolSearch.close();
    }
}
