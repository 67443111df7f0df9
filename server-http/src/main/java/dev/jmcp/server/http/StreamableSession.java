package dev.jmcp.server.http;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.state.SharedState;
import dev.jmcp.server.transport.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One Streamable HTTP session: the engine's connection for it. A message tied to a request goes to that request's
 * {@link PostExchange} (JSON body or SSE stream); one tied to none goes to a standalone GET stream
 * ({@link SessionStreams}). Created by the endpoint on {@code initialize}, kept in the {@link SessionTable}, closed on
 * DELETE, expiry or transport shutdown. Thread-safe.
 */
final class StreamableSession implements Connection, HostedSession {
    private static final Logger log = LoggerFactory.getLogger(StreamableSession.class);
    /**
     * A line per ended session, with its id, for the first 100 of each reason a minute, then a count (every one at
     * DEBUG): a client may open and end sessions by the thousand, and a shutdown ends every open one at once.
     */
    private static final RepeatedLines ENDED_LINES = new RepeatedLines(log, 100, Duration.ofMinutes(1));
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final int MAX_STREAMS = 32;
    /**
     * Stream numbers each holder of a session has to itself: the opener numbers its streams from 1, the instance that
     * takes the session over next from 1,000,001, and so on, so a client's {@code Last-Event-ID} names one stream.
     */
    private static final int STREAMS_PER_HOLDER = 1_000_000;
    private static final int MAX_GENERATION = Integer.MAX_VALUE / STREAMS_PER_HOLDER - 1;

    private final String id;
    private final HttpOptions options;
    private final SessionStreams streams;
    private final Map<RequestId, PostExchange> exchanges = new ConcurrentHashMap<>();
    /** Made with the first batch: most sessions never send one. */
    private volatile Set<BatchExchange> batches = Set.of();
    private final ServerSession session;
    private final SharedState shared;
    private final EventMirror mirror;
    private volatile long lastActivityNanos = System.nanoTime();
    private volatile long lastSharedNanos = System.nanoTime();
    private volatile String opener;
    private volatile boolean closed;

    /** A session opened here, by {@code initialize}. */
    StreamableSession(String id, Engine engine, HttpOptions options) {
        this(id, engine, options, 0);
    }

    /**
     * A session opened by {@code initialize} here ({@code generation} 0), or taken over from the instance(s) that
     * held it before ({@code generation} ≥ 1; restore its state before use).
     */
    StreamableSession(String id, Engine engine, HttpOptions options, int generation) {
        this.id = id;
        this.options = options;
        this.shared = engine.sharedState();
        this.mirror = EventMirror.of(shared, id, options.replayBufferSize(), options.sessionIdleTimeout());
        int holder = Math.min(generation, MAX_GENERATION);
        this.streams = new SessionStreams(id, options.replayBufferSize(), MAX_STREAMS, mirror,
                holder * STREAMS_PER_HOLDER + 1);
        this.session = engine.openSession(this);
    }

    /**
     * Shares this initialized session with the other instances (when there are any): its state now and whenever it
     * changes, bound to {@code opener} (the {@link SessionTable#ownerKey} of whoever opened it, or null), so that
     * another instance can take it over if this one stops.
     */
    void share(String opener) {
        if (mirror == EventMirror.NONE) return;
        this.opener = opener;
        session.onChange(this::record);
        record();
    }

    private void record() {
        Map<String, Object> snapshot = session.snapshot();
        if (snapshot == null || closed) return;
        var record = new LinkedHashMap<String, Object>();
        record.put("session", snapshot);
        if (opener != null) record.put("opener", opener);
        shared.recordSession(id, record, options.sessionIdleTimeout());
    }

    /**
     * Stream {@code number} of this session: one opened here, or one an earlier holder of the session opened,
     * continued from what it buffered; null when neither is known. A request stream the earlier holder left
     * unanswered (it stopped while serving the request) is answered now with an error, so the request still gets
     * exactly one response.
     */
    EventStream stream(int number) {
        EventStream stream = streams.find(number);
        if (stream != null || mirror == EventMirror.NONE || !streams.earlier(number)) return stream;
        var buffered = shared.bufferedStream(id, number).orElse(null);
        if (buffered == null) return null;
        RequestId request = RequestId.fromTree(buffered.request()).orElse(null);
        stream = streams.takeOver(number, request, buffered.firstSeq(), buffered.frames(), buffered.finished());
        if (request != null && !stream.finished()) {
            stream.deliver(CODEC.encode(new JsonRpcErrorResponse(request, new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                    "Internal error: the server instance serving this request stopped before answering it; the "
                            + "session goes on on another instance, so send the request again"))), true);
        }
        return stream;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public ServerSession session() {
        return session;
    }

    SessionStreams streams() {
        return streams;
    }

    /**
     * Whether streams start with a priming event (an id and empty data): a 2025-11-25 behaviour; clients of earlier
     * revisions may try to parse the empty data as JSON, so they get a comment instead.
     */
    boolean primes() {
        return session.version().compareTo(ProtocolVersion.V2025_11_25) >= 0;
    }

    Duration retry() {
        return options.sseRetry();
    }

    /**
     * Hands a POSTed request to the engine, to be answered on {@code channel}. False when a request with the same id
     * is still being answered in this session (the caller refuses it).
     */
    boolean receive(JsonRpcRequest request, ResponseChannel channel) {
        var exchange = new PostExchange(request.id(), channel, this);
        if (exchanges.putIfAbsent(request.id(), exchange) != null) return false;
        session.receive(request);
        return true;
    }

    /** Hands a parsed POSTed batch to the engine, answered on {@code batch}; answers 202 when it holds no request. */
    void receiveBatch(List<?> items, BatchExchange batch) {
        Set<BatchExchange> open = batchSet();
        open.add(batch);
        batch.onEnd(() -> open.remove(batch));
        session.receiveBatch(items, batch);
        if (!batch.hasRequests()) batch.accepted();
    }

    private synchronized Set<BatchExchange> batchSet() {
        if (!(batches instanceof ConcurrentHashMap.KeySetView)) {
            batches = ConcurrentHashMap.newKeySet();
        }
        return batches;
    }

    /** The client cancelled {@code request}: no response will come, so its POST is ended now. */
    @Override
    public void cancelled(RequestId request) {
        PostExchange exchange = exchanges.get(request);
        if (exchange != null) exchange.cancelled();
    }

    /**
     * Closes the connection carrying {@code request}'s stream without ending the stream (SEP-1699 polling): the
     * client receives the priming event's id and {@code retry} hint, then resumes with GET and {@code Last-Event-ID}
     * to receive the rest, response included. A no-op for a request already answered. Meant to be reached from a
     * request's handler (e.g. a {@code Connection} default method the engine calls on a plugin's behalf).
     */
    public void releaseStream(RequestId request) {
        closeStream(request);
    }

    @Override
    public boolean closeStream(RequestId request) {
        // Before 2025-11-25 a stream has no priming event id to resume from: closing it would lose the response.
        if (!primes()) return false;
        PostExchange exchange = request == null ? null : exchanges.get(request);
        if (exchange == null) return false;
        exchange.release();
        return true;
    }

    void exchangeEnded(PostExchange exchange) {
        exchanges.remove(exchange.id(), exchange);
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (closed) return;
        if (relatedRequest != null) {
            PostExchange exchange = exchanges.get(relatedRequest);
            if (exchange != null && exchange.deliver(message)) return;
        }
        streams.deliverUnrelated(CODEC.encode(message));
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        // Each batch is answered on its own BatchExchange; nothing reaches here.
        log.warn("session {}: a batch answer came without its POST; {} responses dropped", id, responses.size());
    }

    /** Opens a standalone GET stream. */
    void openStream(ResponseChannel channel) {
        streams.openStandalone(channel, primes() ? retry() : null);
    }

    @Override
    public void touch() {
        long now = System.nanoTime();
        lastActivityNanos = now;
        // Keeps the shared record alive as long as the session is used, renewed at most four times per idle timeout.
        if (mirror != EventMirror.NONE && now - lastSharedNanos > options.sessionIdleTimeout().toNanos() / 4) {
            lastSharedNanos = now;
            shared.touchSession(id, options.sessionIdleTimeout());
        }
    }

    @Override
    public boolean idle(long nowNanos, long idleNanos) {
        return nowNanos - lastActivityNanos > idleNanos && exchanges.isEmpty() && batches.isEmpty()
                && !streams.anyLive();
    }

    @Override
    public void tick(long nowNanos) {
        long quiet = options.keepAlive().toNanos();
        Duration pollAfter = options.pollAfter();
        // The sweeper ticks every session each second: an idle one (most, when clients open many) costs no iterator.
        if (!exchanges.isEmpty()) {
            for (PostExchange exchange : exchanges.values()) {
                long age = nowNanos - exchange.startedNanos();
                if (pollAfter != null && age > pollAfter.toNanos() && !exchange.released()) exchange.release();
                else if (age > quiet) exchange.upgrade();
            }
        }
        for (BatchExchange batch : batches) batch.tick(nowNanos, quiet);
        streams.keepAlive(nowNanos, quiet);
    }

    @Override
    public void close(String why) {
        if (closed) return;
        closed = true;
        ENDED_LINES.log(Level.INFO, why, "session " + id + " ended: " + why);
        session.close();
        for (PostExchange exchange : exchanges.values()) exchange.sessionEnded();
        for (BatchExchange batch : batches) batch.accepted();
        streams.closeAll();
    }

    @Override
    public void discard() {
        if (mirror != EventMirror.NONE) shared.forgetSession(id);
    }
}
