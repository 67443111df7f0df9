package dev.jmcp.server.engine;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.InitializeResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallObserver;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.RootsListenerEntry;
import dev.jmcp.server.session.Admission;
import dev.jmcp.server.session.Host;
import dev.jmcp.server.session.Pipeline;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.observe.SessionSummary;
import dev.jmcp.server.session.StatelessWire;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.state.ListKind;
import dev.jmcp.server.stateless.StatelessRequests;
import dev.jmcp.server.transport.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The server side of MCP shared by every session: the method table, the current registry, and the sessions to tell
 * when it changes, the observers of calls, and the state shared with other instances: what sessions and stateless
 * requests need from it is the {@link Host} they see, the {@link Pipeline} every request is served through among it.
 * Transports open a {@link ServerSession} per client with {@link #openSession} and hand 2026-07-28 requests to
 * {@link #stateless()}. Thread-safe.
 */
public final class Engine implements Host {
    private static final Logger log = LoggerFactory.getLogger(Engine.class);

    private final ServerOptions options;
    /** The answer to {@code initialize} per version, encoded at its first session ({@link #initializeResult}). */
    private final Map<ProtocolVersion, Object> initializeResults = new ConcurrentHashMap<>();
    private final Supplier<Registry> registry;
    private final MethodTable methods;
    private final Set<ServerSession> sessions = ConcurrentHashMap.newKeySet();
    /** The admissions of requests that come on no connection of their own (see {@link #connectionless}). */
    private final java.util.List<Admission> connectionless = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Pipeline pipeline = new Pipeline(this);
    private final StatelessRequests stateless = new StatelessRequests(this);
    private volatile CallObserver observer = CallObserver.NONE;
    private volatile dev.jmcp.server.state.SharedState shared = dev.jmcp.server.state.SharedState.LOCAL;
    /** Which tool a tools/call runs, when tool search resolves call_tool; null: its "name". */
    private volatile java.util.function.Function<Map<String, Object>, String> calledTools;
    /** Open once the plugins' first load is published; null when no load is pending (the usual case: no waiting). */
    private volatile java.util.concurrent.CountDownLatch firstLoad;
    /** The plugin files that failed to load, with why (for errors about names the registry lacks). */
    private volatile Supplier<Map<java.nio.file.Path, String>> failedPlugins = Map::of;

    public Engine(ServerOptions options, Supplier<Registry> registry, MethodTable methods) {
        this.options = options;
        this.registry = registry;
        this.methods = methods;
    }

    /**
     * Shuts the engine's own work down: every task is cancelled (its handler interrupted) and no new one starts.
     * Sessions are their transports' to close. Call once the server stops serving; later calls change nothing.
     */
    public void close() {
        stateless.close();
    }

    /** Resolves which tool a {@code tools/call} runs through {@code resolver} (tool search's call_tool). Call before serving. */
    public void resolveCalledTools(java.util.function.Function<Map<String, Object>, String> resolver) {
        this.calledTools = resolver;
    }

    @Override
    public String calledTool(Map<String, Object> params) {
        var resolver = calledTools;
        return resolver == null ? Host.super.calledTool(params) : resolver.apply(params);
    }

    /** Where {@link #missingBecause} learns which plugin files failed to load, and why. */
    public void failedPlugins(Supplier<Map<java.nio.file.Path, String>> failed) {
        this.failedPlugins = failed;
    }

    @Override
    public String missingBecause() {
        Map<java.nio.file.Path, String> failed = failedPlugins.get();
        if (failed.isEmpty()) return "";
        var why = new StringBuilder(failed.size() == 1 ? "a plugin failed to load, and it may be the one that "
                + "declares it: " : failed.size() + " plugins failed to load, and one of them may be the one that "
                + "declares it: ");
        int shown = 0;
        for (var entry : failed.entrySet()) {
            if (shown++ == 3) {
                why.append("; and ").append(failed.size() - 3).append(" more (see the server's log)");
                break;
            }
            if (shown > 1) why.append("; ");
            why.append(entry.getKey().getFileName()).append(": ").append(entry.getValue());
        }
        return why.append(" (once the file is fixed, it is loaded again without a restart)").toString();
    }

    /** The stateless revision's entry point, for transports. */
    public StatelessRequests stateless() {
        return stateless;
    }

    @Override
    public StatelessWire statelessWire() {
        return stateless;
    }

    @Override
    public ServerOptions options() {
        return options;
    }

    /**
     * What the plugins serve. While their first load runs (see {@link #pluginsLoading}), waits for it: a request that
     * arrives early is answered from every plugin, never from part of them.
     */
    @Override
    public Registry registry() {
        awaitPlugins();
        return registry.get();
    }

    /** Returns once no first load of the plugins is pending (at once, but while {@link #pluginsLoading} runs). */
    public void awaitPlugins() {
        var pending = firstLoad;
        if (pending != null) {
            try {
                pending.await();
            } catch (InterruptedException e) {
                // Cancelled while it waited (a request whose answer is not sent): what it reads then matters little.
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The plugins' first load has begun and runs while sessions are served: until {@link #pluginsLoaded}, requests that
     * read the registry wait, and no session is told the lists changed (none saw them before). Call before serving.
     */
    public void pluginsLoading() {
        firstLoad = new java.util.concurrent.CountDownLatch(1);
    }

    /** The first load is published (or failed): waiting requests go on. */
    public void pluginsLoaded() {
        var pending = firstLoad;
        firstLoad = null;
        if (pending != null) pending.countDown();
    }

    /** Whether no first load of the plugins is pending. */
    public boolean pluginsReady() {
        return firstLoad == null;
    }

    /** Adds {@code observer} to those told of every request from now on (tracing, metrics, the call log, the console). */
    public void observe(CallObserver observer) {
        this.observer = CallObserver.of(java.util.List.of(this.observer, observer));
    }

    /**
     * Starts observing a request, on the thread about to run its handler; {@link CallSpan#NONE} (and nothing allocated)
     * when nobody observes. An observer that throws is logged and skipped.
     */
    @Override
    public CallSpan startCall(JsonRpcRequest request, ServedMethod method, String revision, String session) {
        return startCall(request, method, revision, session, dev.jmcp.server.session.RequestIdentity.caller(),
                dev.jmcp.server.session.RequestIdentity.address());
    }

    @Override
    public CallSpan startCall(JsonRpcRequest request, ServedMethod method, String revision, String session,
                              String caller, String address) {
        CallObserver current = observer;
        if (current == CallObserver.NONE) return CallSpan.NONE;
        try {
            Target kind = observedKind(method);
            String target = kind == null ? null : kind.in(request.params());
            String via = null;
            if (target != null && kind == Target.TOOL) {
                // With tool search on, a call through call_tool is recorded as the tool it runs (logs, telemetry,
                // the console): which tools are used is what an operator reads them for.
                String called = calledTool(request.params());
                if (called != null && !called.equals(target)) {
                    via = target;
                    target = called;
                }
            }
            return current.start(new CallInfo(request.method(), kind, target, request.id(), revision, session,
                    CallInfo.metaOf(request.params()), System.nanoTime(), caller, address, via));
        } catch (RuntimeException e) {
            log.warn("a call observer failed at the start of {} {}", request.method(), request.id(), e);
            return CallSpan.NONE;
        }
    }

    /** Ends {@code span} with the request's one answer ({@code null}: none was sent, the request was cancelled). */
    @Override
    public void endCall(CallSpan span, JsonRpcMessage response) {
        if (span == CallSpan.NONE) return;
        try {
            span.end(CallOutcome.of(response));
        } catch (RuntimeException e) {
            log.warn("a call observer failed at the end of a call", e);
        }
    }

    /**
     * What kind of thing an observer is told a request of {@code row} targets, as the row says: a tool, prompt, skill
     * or resource; not a task, whose id names no plugin's item (a task's calls were observed when they ran).
     */
    private static Target observedKind(ServedMethod row) {
        return row == null || row.target() == Target.TASK ? null : row.target();
    }

    /** The method table this engine serves. */
    @Override
    public MethodTable methods() {
        return methods;
    }

    @Override
    public Pipeline pipeline() {
        return pipeline;
    }

    /** A new session whose messages go out through {@code connection}. The caller closes it. */
    public ServerSession openSession(Connection connection) {
        var session = new ServerSession(this, connection);
        sessions.add(session);
        return session;
    }

    @Override
    public void sessionClosed(ServerSession session) {
        sessions.remove(session);
    }

    /** The stateful sessions open now, as operators see them: initialized ones first, newest last. */
    public java.util.List<SessionSummary> sessionSummaries() {
        return sessions.stream().map(ServerSession::summary)
                .sorted(java.util.Comparator.comparingLong(summary -> Long.parseLong(summary.id()))).toList();
    }

    public int sessionCount() {
        return sessions.size();
    }

    /**
     * Ends the stateful session numbered {@code id} ({@link SessionSummary#id}) for good, as its transport would: see
     * {@link ServerSession#end}. Empty when it ended; otherwise why not (no such session, or one its transport cannot
     * end).
     */
    public java.util.Optional<String> endSession(String id, String why) {
        var session = sessions.stream().filter(s -> s.id().equals(id)).findFirst().orElse(null);
        if (session == null) return java.util.Optional.of("no session " + id + " is open");
        if (!session.end(why)) {
            return java.util.Optional.of("session " + id + " cannot be ended from here: its transport ends it (over "
                    + "stdio, when its client closes standard input)");
        }
        return java.util.Optional.empty();
    }

    /**
     * Requests being served now: in sessions (stdio's stateless ones included) and those admitted on no connection
     * ({@link #connectionless}: HTTP's stateless ones).
     */
    public int requestsInFlight() {
        int requests = 0;
        for (ServerSession session : sessions) requests += session.requestsInFlight();
        for (Admission admission : connectionless) requests += admission.size();
        return requests;
    }

    /**
     * The one admission of the requests a transport receives on no connection of their own (HTTP's 2026-07-28
     * requests), at most {@code maxRequests} in flight: bounded, cancelled and answered exactly once as a session's
     * requests are, counted by {@link #requestsInFlight}, awaited by {@link #awaitIdle} and stopped by
     * {@link #stopInFlight} with them. Kept as long as this engine.
     */
    public Admission connectionless(int maxRequests) {
        var admission = Admission.connectionless(pipeline, maxRequests, options.identityFromParent());
        connectionless.add(admission);
        return admission;
    }

    /** Tasks (tasks extension) this instance holds: shown to clients, or still running after a cancel. */
    public int tasksHeld() {
        return stateless.tasksHeld();
    }

    /**
     * Waits at most {@code timeout} for the requests in flight in every session and every {@link #connectionless}
     * admission to be answered ({@code subscriptions/listen} streams are not waited for); true if none is left.
     * For shutting down: what finishes meanwhile is answered before the process ends.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (var session : sessions) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !session.awaitIdle(Duration.ofNanos(left))) return false;
        }
        for (var admission : connectionless) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !admission.awaitIdle(Duration.ofNanos(left))) return false;
        }
        return true;
    }

    /**
     * The server stops: every request still in flight, in every session and every {@link #connectionless} admission,
     * is answered with an error saying so, and
     * cancelled. Returns how many were answered so. For the end of a shutdown's grace period.
     */
    public int stopInFlight() {
        int answered = 0;
        for (var session : sessions) answered += session.stopInFlight();
        for (var admission : connectionless) answered += admission.stopInFlight();
        return answered;
    }

    /** What the server offers, as {@code version} names it: exactly what is implemented. */
    @Override
    public Map<String, Object> capabilities(ProtocolVersion version) {
        var capabilities = new LinkedHashMap<String, Object>();
        capabilities.put("tools", Map.of("listChanged", true));
        capabilities.put("prompts", Map.of("listChanged", true));
        capabilities.put("resources", Map.of("subscribe", true, "listChanged", true));
        if (version.compareTo(ProtocolVersion.V2025_03_26) >= 0) capabilities.put("completions", Map.of());
        capabilities.put("logging", Map.of());
        return capabilities;
    }

    @Override
    public Object initializeResult(ProtocolVersion version) {
        // The same for every session of a version: encoded at the first, sent as those bytes from then on.
        return initializeResults.computeIfAbsent(version, v -> {
            var info = new Implementation(options.name(), v.hasTitles() ? "jmcp" : null, options.version());
            return JsonCodec.shared().encodedOnce(new InitializeResult(v.wire(), capabilities(v), info, null));
        });
    }

    /**
     * Shares state with the other instances of this server through {@code state} from now on: the request-state keys,
     * and change events both ways. Call before serving.
     */
    public void share(dev.jmcp.server.state.SharedState state) {
        this.shared = state;
        state.serveTasks(stateless::serveForOtherInstance);
        state.onEvent(event -> {
            if (event.uri() != null) deliverResourceUpdated(event.uri());
            if (!event.kinds().isEmpty()) deliverListsChanged(event.kinds());
        });
    }

    /** What this instance shares with the other instances of the same server; {@code SharedState.LOCAL} alone. */
    @Override
    public dev.jmcp.server.state.SharedState sharedState() {
        return shared;
    }

    /** Tells every session subscribed to {@code uri} that it changed, here and on the other instances. */
    @Override
    public void resourceUpdated(String uri) {
        deliverResourceUpdated(uri);
        shared.publish(dev.jmcp.server.state.SharedEvent.resourceUpdated(uri));
    }

    private void deliverResourceUpdated(String uri) {
        stateless.subscriptions().resourceUpdated(uri);
        for (var session : sessions) {
            if (session.subscriptions().contains(uri)) {
                Thread.ofVirtual().name("mcp-resource-updated").start(
                        () -> session.notify(OutboundMethods.RESOURCE_UPDATED, Map.of("uri", uri), null));
            }
        }
    }

    /** Tells every session which kinds of item changed between two snapshots. */
    public void registryChanged(Registry previous, Registry next) {
        var kinds = previous.changedKinds(next);
        if (kinds.isEmpty()) return;
        // During the first load nobody has read a list yet (they wait for it), so there is nothing to correct.
        if (firstLoad == null) deliverListsChanged(kinds);
        shared.publish(dev.jmcp.server.state.SharedEvent.listsChanged(kinds));
    }

    private void deliverListsChanged(Set<ListKind> kinds) {
        stateless.subscriptions().registryChanged(kinds);
        log.info("plugins changed: {} list_changed sent to {} sessions", kinds, sessions.size());
        var methods = kinds.stream().map(OutboundMethods::listChanged).toList();
        for (var session : sessions) {
            // One thread per session: a client slow to read its stream never holds up the reload or the others.
            Thread.ofVirtual().name("mcp-list-changed").start(() -> methods.forEach(m -> session.notify(m, null, null)));
        }
    }
}
