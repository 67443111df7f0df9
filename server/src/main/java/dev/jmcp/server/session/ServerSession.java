package dev.jmcp.server.session;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.OutgoingCalls;
import dev.jmcp.server.observe.SessionSummary;
import dev.jmcp.server.transport.Connection;
import dev.jmcp.server.transport.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One client's stateful session (revisions 2024-11-05 … 2025-11-25): what {@code initialize} negotiated, the
 * requests in flight, the requests sent to the client, the log level and resource subscriptions. Created by the
 * engine ({@code Engine.openSession}) for a transport's connection and closed by that transport. Thread-safe: the
 * transport may deliver messages from any thread; every request runs on its own virtual thread.
 */
public final class ServerSession implements Caller, Session {
    private static final Logger log = LoggerFactory.getLogger(ServerSession.class);
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final dev.jmcp.server.logs.RepeatedLines INITIALIZED_LINES = new dev.jmcp.server.logs.RepeatedLines(log);

    private enum State { NEW, INITIALIZED, CLOSED }

    private static final java.util.concurrent.atomic.AtomicLong SESSIONS = new java.util.concurrent.atomic.AtomicLong();

    private final Host host;
    private final Connection connection;
    /** This session's number in this process, for logs and observers (not the HTTP {@code Mcp-Session-Id}). */
    private final String id = Long.toString(SESSIONS.incrementAndGet());
    /** This session's requests in flight, and how a request is admitted to them. */
    private final Admission admission;
    /** How this session's requests are checked and run (the stateful wire). */
    private final Pipeline.Wire wire = new SessionWire(this);
    private final OutboundRequests outbound = new OutboundRequests();
    /** What comes in on the connection, on its way to the admission. */
    private final SessionInbound inbound;
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();

    private volatile State state = State.NEW;
    private volatile ProtocolVersion version = ProtocolVersion.LATEST_STATEFUL;
    private volatile Implementation clientInfo;
    private volatile Map<String, Object> clientCapabilities = Map.of();
    private volatile LoggingLevel logLevel = LoggingLevel.DEBUG;
    private volatile Runnable changeListener;
    private final java.time.Instant opened = java.time.Instant.now();
    /** How the transport ends this session for good (see {@link #end}); null when it cannot. */
    private volatile java.util.function.Consumer<String> ender;

    /** A new session of {@code host} whose messages go out through {@code connection}; the engine opens it. */
    public ServerSession(Host host, Connection connection) {
        this.host = host;
        this.connection = connection;
        this.admission = new Admission(host.pipeline(), host.options().maxPendingRequests(),
                host.options().identityFromParent());
        this.inbound = new SessionInbound(this);
    }

    @Override
    public Host host() {
        return host;
    }

    @Override
    public ProtocolVersion version() {
        return version;
    }

    @Override
    public dev.jmcp.plugin.RequestContext context(RequestId id, Params params, dev.jmcp.server.registry.Owner owner,
                                                  InFlight inFlight) {
        inFlight.runsIn(owner);
        return new CallContext(this, id, params.progressToken(), owner.config(), inFlight);
    }

    /** This session's number in this process, for logs and observers (not the HTTP {@code Mcp-Session-Id}). */
    public String id() {
        return id;
    }

    /** Requests of this session being served now. */
    public int requestsInFlight() {
        return admission.size();
    }

    public SessionSummary summary() {
        Implementation client = clientInfo;
        return new SessionSummary(id, client == null ? null : client.name(), client == null ? null : client.version(),
                initialized() ? version.wire() : null, admission.size(), opened);
    }

    /**
     * Lets an operator end this session ({@link #end}) the way its transport ends it: {@code ender} forgets the
     * session where the transport keeps it and closes it, given why. Set by a transport whose client cannot end the
     * session itself once it is gone from it (HTTP); left unset, the session cannot be ended from outside (stdio: its
     * client ends it by closing standard input).
     */
    public void endWith(java.util.function.Consumer<String> ender) {
        this.ender = ender;
    }

    /**
     * Ends this session for good as an operator asks (the console): its transport forgets it, its requests running
     * are cancelled, and its client's next request finds no session. False when its transport cannot end it
     * ({@link #endWith} was not called).
     */
    public boolean end(String why) {
        var end = ender;
        if (end == null) return false;
        end.accept(why);
        return true;
    }

    public Implementation clientInfo() {
        return clientInfo;
    }

    public boolean initialized() {
        return state == State.INITIALIZED;
    }

    /** Neither initialized nor ended: nothing but what may come before {@code initialize} is served yet. */
    boolean fresh() {
        return state == State.NEW;
    }

    boolean closed() {
        return state == State.CLOSED;
    }

    Connection connection() {
        return connection;
    }

    Admission admission() {
        return admission;
    }

    /** How this session's requests are checked and run (the stateful wire). */
    Pipeline.Wire wire() {
        return wire;
    }

    OutboundRequests outbound() {
        return outbound;
    }

    /** What the client declared in {@code initialize}; empty before. */
    Map<String, Object> clientCapabilities() {
        return clientCapabilities;
    }

    /** The resources this session subscribed to. */
    public Set<String> subscriptions() {
        return subscriptions;
    }

    public void setLogLevel(LoggingLevel level) {
        this.logLevel = level;
        changed();
    }

    public void subscribe(String uri) {
        if (subscriptions.add(uri)) changed();
    }

    public void unsubscribe(String uri) {
        if (subscriptions.remove(uri)) changed();
    }

    /**
     * Calls {@code listener} whenever what {@link #snapshot()} holds changes after {@code initialize}: the log level
     * or a subscription. The HTTP transport keeps a shared copy with it, for another instance to take over.
     */
    public void onChange(Runnable listener) {
        this.changeListener = listener;
    }

    private void changed() {
        Runnable listener = changeListener;
        if (listener != null && initialized()) listener.run();
    }

    /**
     * What another server instance needs to go on serving this session: the negotiated revision, the client and its
     * capabilities, the log level and the resource subscriptions, as JSON values. Null before {@code initialize}.
     */
    public Map<String, Object> snapshot() {
        if (!initialized()) return null;
        var snapshot = new LinkedHashMap<String, Object>();
        snapshot.put("protocolVersion", version.wire());
        Implementation client = clientInfo;
        if (client != null) snapshot.put("clientInfo", CODEC.toTree(client));
        snapshot.put("capabilities", clientCapabilities);
        snapshot.put("logLevel", logLevel.toString());
        snapshot.put("subscriptions", List.copyOf(subscriptions));
        return snapshot;
    }

    /**
     * Opens this new session as the {@link #snapshot()} of one another instance served describes it, without an
     * {@code initialize}: the client goes on where it was.
     *
     * @throws IllegalArgumentException when {@code snapshot} names no revision this server speaks statefully
     */
    @SuppressWarnings("unchecked")
    public void restore(Map<String, Object> snapshot) {
        ProtocolVersion restored = snapshot.get("protocolVersion") instanceof String wire
                ? ProtocolVersion.statefulFromWire(wire).orElse(null) : null;
        if (restored == null) {
            throw new IllegalArgumentException("the recorded session names no revision this server speaks: "
                    + snapshot.get("protocolVersion"));
        }
        synchronized (this) {
            if (state != State.NEW) throw new IllegalStateException("session " + id + " is already open");
            version = restored;
            clientInfo = clientInfoOf(snapshot.get("clientInfo"));
            clientCapabilities = snapshot.get("capabilities") instanceof Map<?, ?> caps
                    ? (Map<String, Object>) caps : Map.of();
            if (snapshot.get("logLevel") instanceof String level) {
                logLevel = LoggingLevel.fromWire(level).orElse(LoggingLevel.DEBUG);
            }
            if (snapshot.get("subscriptions") instanceof List<?> uris) {
                for (Object uri : uris) if (uri instanceof String u) subscriptions.add(u);
            }
            state = State.INITIALIZED;
        }
        log.info("session taken over from another instance: protocol {}, client {}", version.wire(),
                clientInfo == null ? "(unnamed)" : clientInfo.name() + " " + clientInfo.version());
    }

    /** Reads one framed message (see {@link SessionInbound#receive(byte[], int, int)}). */
    public void receive(byte[] bytes, int offset, int length) {
        inbound.receive(bytes, offset, length);
    }

    /** Handles one decoded message (see {@link SessionInbound#receive(JsonRpcMessage)}). */
    public void receive(JsonRpcMessage message) {
        inbound.receive(message);
    }

    /** A JSON-RPC batch already parsed (see {@link SessionInbound#receiveBatch}). */
    public void receiveBatch(List<?> items, Connection replies) {
        inbound.receiveBatch(items, replies);
    }

    /**
     * The server stops: every request still in flight is answered now with an error that says so (unless its own
     * answer is already going out), and cancelled. Returns how many were answered so.
     */
    public int stopInFlight() {
        return admission.stopInFlight();
    }

    /** {@code initialize}: opens this session in the revision both sides speak. */
    public Object initialize(Params params) {
        synchronized (this) {
            if (state != State.NEW) {
                throw JsonRpcException.invalidRequest("Invalid request: the session is already initialized");
            }
            String requested = params.requireString("protocolVersion");
            Map<String, Object> capabilities = params.optionalObject("capabilities");
            Map<String, Object> info = params.optionalObject("clientInfo");
            // "If the server supports the requested protocol version, it MUST respond with the same version.
            // Otherwise, the server MUST respond with another protocol version it supports."
            version = ProtocolVersion.statefulFromWire(requested).orElse(ProtocolVersion.LATEST_STATEFUL);
            clientCapabilities = capabilities == null ? Map.of() : capabilities;
            clientInfo = clientInfoOf(info);
            state = State.INITIALIZED;
        }
        // Once a minute per protocol and client, then a count: over HTTP a client may open sessions by the thousand, and
        // a line each was a sixth of what opening one cost (bench/RESULTS.md, "Opening HTTP sessions").
        if (log.isInfoEnabled()) {
            INITIALIZED_LINES.info("session initialized: protocol " + version.wire() + ", client "
                    + (clientInfo == null ? "(unnamed)" : clientInfo.name() + " " + clientInfo.version()));
        }
        return host.initializeResult(version);
    }

    /**
     * The context of plugin code this session's client reaches outside any request (a listener of a notification the
     * client sent): no request id, no progress token, nothing to cancel; requests to the client go through this
     * session.
     */
    public dev.jmcp.plugin.RequestContext detachedContext(dev.jmcp.server.registry.Owner owner) {
        return new CallContext(this, null, null, owner.config(), InFlight.detached());
    }

    /** The client an {@code initialize}'s {@code clientInfo} (or a recorded session's) names; null without a name. */
    private static Implementation clientInfoOf(Object info) {
        if (!(info instanceof Map<?, ?> map) || !(map.get("name") instanceof String name)) return null;
        return new Implementation(name, map.get("title") instanceof String t ? t : null,
                map.get("version") instanceof String v ? v : "");
    }

    /**
     * The client cancelled request {@code id}: its handler is interrupted, no response goes out, and the connection
     * ends what it held open for the answer.
     */
    public void cancel(RequestId id, String reason) {
        admission.cancel(id, reason);
        connection.cancelled(id);
    }

    /**
     * Sends a request to the client and waits for its result (a JSON tree). Observed as an outgoing call: a span of
     * its own under the call that asks, whose trace context goes to the client in {@code _meta}.
     */
    Object request(String method, Map<String, Object> params, RequestId related, Duration timeout) {
        var outgoing = OutgoingCalls.current().start(method, null, null, null);
        Map<String, Object> sent = params;
        if (!outgoing.meta().isEmpty()) {
            var withMeta = new LinkedHashMap<String, Object>(params == null ? Map.of() : params);
            var meta = new LinkedHashMap<String, Object>();
            if (withMeta.get("_meta") instanceof Map<?, ?> given) given.forEach((k, v) -> meta.put(String.valueOf(k), v));
            meta.putAll(outgoing.meta());
            withMeta.put("_meta", meta);
            sent = withMeta;
        }
        var outcome = CallOutcome.cancelled();
        try {
            Object result = outbound.send(connection, method, sent, related, timeout);
            outcome = new CallOutcome(CallOutcome.Kind.OK, 0, null, System.nanoTime());
            return result;
        } catch (RuntimeException e) {
            outcome = new CallOutcome(CallOutcome.Kind.ERROR, ErrorCodes.INTERNAL_ERROR, e.getMessage(),
                    System.nanoTime());
            throw e;
        } finally {
            outgoing.span().end(outcome);
        }
    }

    boolean closeStream(RequestId request) {
        return connection.closeStream(request);
    }

    /** Sends a notification, once the session is initialized (nothing goes to a client before that). */
    public void notify(String method, Map<String, Object> params, RequestId related) {
        if (state != State.INITIALIZED) return;
        connection.send(new JsonRpcNotification(method, params), related);
    }

    void log(LoggingLevel level, String logger, Object data, RequestId related) {
        if (!level.isAtLeast(logLevel)) return;
        var params = new LinkedHashMap<String, Object>();
        params.put("level", level.toString());
        if (logger != null) params.put("logger", logger);
        params.put("data", data);
        notify(OutboundMethods.MESSAGE, params, related);
    }

    /** Blocks until no request is in flight or {@code timeout} passes; true when idle. */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return admission.awaitIdle(timeout);
    }

    /**
     * The client can send nothing more: requests waiting on its answers fail now, while requests in flight go on to
     * their end.
     */
    public void inputEnded() {
        outbound.close();
        admission.cancelListens();
    }

    /** Ends the session: requests to the client fail, requests still running are cancelled. */
    @Override
    public void close() {
        if (state == State.CLOSED) return;
        state = State.CLOSED;
        outbound.close();
        admission.cancelAll();
        host.sessionClosed(this);
    }
}
