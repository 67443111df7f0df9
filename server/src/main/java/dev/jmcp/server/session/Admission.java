package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The requests in flight of one connection, or of a transport's requests that come on none (2026-07-28 over HTTP), and
 * the one admission of a request to them, whichever wire it speaks: the bound on requests pending (for a connection
 * {@code maxPendingRequests}, answers held for unfinished batches counted; without one, the transport's bound), over
 * which a request is answered -32000 "Server busy"; on a connection, an id no request in flight uses (an id is free
 * again once its answer is going out: the client has it, even if the handler still runs a moment longer); the
 * {@code subscriptions/listen} streams, which the end of input cancels and which a shutdown does not wait for; a
 * cancellation that frees the slot of a handler ignoring it after {@link #CANCEL_GRACE}; the stop at the end of a
 * shutdown's grace period; and exactly one answer per request ({@link InFlight#claimAnswer}), which
 * {@link #stopInFlight} may give instead of the handler. Admitted requests are served by the {@link Pipeline}. Owned
 * by the {@link ServerSession} of the connection, or by the engine for a transport ({@link #connectionless}).
 * Thread-safe.
 */
public final class Admission {
    private static final Logger log = LoggerFactory.getLogger(Admission.class);
    /** How long a cancelled request may go on before it stops counting as in flight. */
    static final Duration CANCEL_GRACE = Duration.ofSeconds(5);

    private final Pipeline pipeline;
    private final int maxPending;
    private final boolean identityFromParent;
    /**
     * Whether the requests come on one connection, whose client keeps their ids apart: keyed by id then. Requests
     * that come on none are from many clients, whose ids may be the same: keyed by themselves.
     */
    private final boolean oneConnection;
    /**
     * The requests in flight whose answer has not gone out, by id on a connection (the ids in use), by themselves
     * otherwise ({@link #key}). An answered request keeps its slot in {@link #taken} until its handler has ended.
     */
    private final Map<Object, InFlight> unanswered = new ConcurrentHashMap<>();
    /**
     * Slots taken by requests in flight, answered or not, until each one's handler has ended; reserved before a
     * request is put in {@link #unanswered} so that the bound is exact.
     */
    private final AtomicInteger taken = new AtomicInteger();
    /** The requests in flight that are not {@link #listens}: what a shutdown waits for. */
    private final AtomicInteger requests = new AtomicInteger();
    /** Answers held for batches whose other requests still run; they count with {@link #taken} against the bound. */
    private final AtomicInteger heldInBatches = new AtomicInteger();
    /** The bytes of those answers, bounded by {@link BatchCollector}. */
    private final AtomicLong heldBatchBytes = new AtomicLong();
    private final Set<InFlight> listens = ConcurrentHashMap.newKeySet();
    private final ReentrantLock idleLock = new ReentrantLock();
    private final Condition idle = idleLock.newCondition();

    /** The admission of one connection's requests, at most {@code maxPending} in flight. */
    Admission(Pipeline pipeline, int maxPending, boolean identityFromParent) {
        this(pipeline, maxPending, identityFromParent, true);
    }

    private Admission(Pipeline pipeline, int maxPending, boolean identityFromParent, boolean oneConnection) {
        this.pipeline = pipeline;
        this.maxPending = maxPending;
        this.identityFromParent = identityFromParent;
        this.oneConnection = oneConnection;
    }

    /**
     * The admission of requests that come on no connection of their own (2026-07-28 over HTTP), at most
     * {@code maxRequests} in flight, {@code subscriptions/listen} streams included; two requests may have the same id.
     * Made by the engine, which counts, awaits and stops its requests with its sessions' ones.
     */
    public static Admission connectionless(Pipeline pipeline, int maxRequests, boolean identityFromParent) {
        if (maxRequests < 1) throw new IllegalArgumentException("the request limit must be at least 1");
        return new Admission(pipeline, maxRequests, identityFromParent, false);
    }

    /** Where a request's messages go: the connection, or the batch it came in. */
    @FunctionalInterface
    public interface Responder {
        void respond(JsonRpcMessage message);
    }

    /**
     * Admits {@code request}, which came on no connection of its own, as a connection's requests are admitted (see
     * {@link #admit(JsonRpcRequest, ServedMethod, Pipeline.Wire, Responder, BatchCollector, Runnable)}). Returns the
     * request in flight, which the transport {@link #cancel(InFlight, String) cancels} when its client goes away; null
     * when it was refused (its answer sent).
     *
     * @throws VirtualMachineError when no thread could be started for it; it is not in flight then
     */
    public InFlight admit(JsonRpcRequest request, ServedMethod method, Pipeline.Wire wire, Responder responder,
                          Runnable ended) {
        return admit(request, method, wire, responder, null, ended);
    }

    /**
     * Admits {@code request} (its row {@code method}, null when the server has none; it came in {@code batch}, or
     * null) to be served through {@code wire}, or answers it at once through {@code responder} with why not: the
     * bound is reached, or its id is in use. A method that opens the session (on the stateful wire) is served on this
     * thread; any other on a thread of its own, and this returns at once; {@code ended}, unless null, runs once its
     * handler has ended (answered, cancelled or failed) or its subscription closed. Returns the request in flight; null
     * when it was refused or served here.
     *
     * @throws VirtualMachineError when no thread could be started for it; it is not in flight then
     */
    InFlight admit(JsonRpcRequest request, ServedMethod method, Pipeline.Wire wire, Responder responder,
                   BatchCollector batch, Runnable ended) {
        if (method != null && method.is(ServedMethod.Trait.OPENS_SESSION) && wire.session() != null) {
            if (busy(request, wire, responder, false)) return null;
            // Served on the reader's thread, so a request the client sends right behind it finds the session ready.
            pipeline.serveHere(request, method, wire, InFlight.admitting(request, identityFromParent),
                    responder::respond);
            return null;
        }
        if (busy(request, wire, responder, true)) return null;
        var work = InFlight.admitting(request, identityFromParent);
        Object key = key(work);
        if (unanswered.putIfAbsent(key, work) != null) {
            taken.decrementAndGet();
            // The second request's id is the first's, so its error response can only be told apart by its message.
            responder.respond(error(request, ErrorCodes.INVALID_REQUEST,
                    "Invalid request: id " + request.id() + " is already in use by a request in flight"));
            return null;
        }
        if (method != null && method.is(ServedMethod.Trait.STREAMS)) {
            listens.add(work);
        } else {
            requests.incrementAndGet();
        }
        Responder once = answerOnce(key, work, responder);
        try {
            pipeline.serve(request, method, wire, work, once::respond, sent -> {
                try {
                    if (sent == null && batch != null && !work.stopped()) batch.skip();
                } finally {
                    // The slot is freed when the handler has really ended, not when it was asked to stop.
                    release(key, work);
                    if (ended != null) ended.run();
                }
            });
        } catch (VirtualMachineError e) {
            // No thread for it (the heap is exhausted): not in flight, so the reader may take it in again.
            release(key, work);
            throw e;
        }
        return work;
    }

    /**
     * When the bound is reached, answers {@code request} through {@code responder} that the server is busy and returns
     * true; otherwise takes a slot for it if {@code take} (a request served on the reader's thread takes none).
     */
    private boolean busy(JsonRpcRequest request, Pipeline.Wire wire, Responder responder, boolean take) {
        while (true) {
            int now = taken.get();
            if (now + heldInBatches.get() >= maxPending) {
                responder.respond(error(request, ErrorCodes.SERVER_BUSY, "Server busy: " + now + " requests"
                        + (wire.session() == null ? "" : " of this session") + " are already in flight"
                        + heldInBatches() + "; retry when some have finished"));
                return true;
            }
            if (!take || taken.compareAndSet(now, now + 1)) return false;
        }
    }

    /** Where {@code work} is kept in {@link #unanswered}: its id on a connection, itself otherwise. */
    private Object key(InFlight work) {
        return oneConnection ? work.id() : work;
    }

    /** {@code work} is no longer in flight: its id and slot are free. True for whoever got here first, false after. */
    private boolean release(Object key, InFlight work) {
        unanswered.remove(key, work);
        if (!work.releaseSlot()) return false;
        taken.decrementAndGet();
        if (!listens.remove(work)) requests.decrementAndGet();
        signalIfIdle();
        return true;
    }

    /** A batch of {@code expected} answers, sent on {@code replies} once all are in, held against this bound. */
    BatchCollector batch(dev.jmcp.server.transport.Connection replies, int expected, long maxHeldBytes) {
        return new BatchCollector(replies, expected, heldInBatches, heldBatchBytes, maxHeldBytes);
    }

    /** What the busy error adds about answers held for unfinished batches; empty when none is. */
    private String heldInBatches() {
        int held = heldInBatches.get();
        return held == 0 ? "" : " and " + held + " answers wait for the rest of their batch";
    }

    /**
     * {@code responder} for {@code work}'s one answer, which {@link #stopInFlight} may give instead. Its id
     * ({@code key}) is free just before that answer goes out, so that a client which reuses the id as soon as it has
     * its answer finds it free (though MCP asks it not to reuse ids in a session, simple clients count per call).
     */
    private Responder answerOnce(Object key, InFlight work, Responder responder) {
        Responder once = message -> {
            // A stateless call's progress and a listen's events go out this way too: only an answer is claimed.
            if (!(message instanceof JsonRpcAnswer)) {
                responder.respond(message);
                return;
            }
            if (!work.claimAnswer()) return;
            unanswered.remove(key, work);
            try {
                responder.respond(message);
            } catch (Throwable e) {
                // Not sent: too large to encode, or its encoding met a class an exhausted heap left broken (a
                // LinkageError). The error that replaces it must still go out, so the claim is given back.
                work.releaseAnswer();
                throw e;
            }
        };
        // Straight to the responder: stop() has claimed the answer already.
        work.answerThrough(responder::respond);
        return once;
    }

    /** The most requests this admits in flight at once. */
    public int limit() {
        return maxPending;
    }

    /** Requests being served now, {@code subscriptions/listen} streams included. */
    public int size() {
        return taken.get();
    }

    /**
     * The server stops: every request still in flight is answered now with an error that says so (unless its own
     * answer is already going out), and cancelled. Returns how many were answered so.
     */
    public int stopInFlight() {
        int answered = 0;
        for (InFlight work : unanswered.values()) {
            if (work.stop(new JsonRpcErrorResponse(work.id(), new JsonRpcError(
                    ErrorCodes.INTERNAL_ERROR, "Internal error: the server stopped before this request finished (its "
                    + "shutdown grace period ended); retry on a new server")))) {
                answered++;
            }
        }
        return answered;
    }

    /** The client cancelled this connection's request {@code id}: its handler is interrupted, no response goes out. */
    void cancel(RequestId id, String reason) {
        InFlight work = id == null || !oneConnection ? null : unanswered.get(id);
        if (work != null) cancel(work, reason);
    }

    /**
     * The client cancelled {@code work} ({@code reason} says how): its handler is interrupted, or its subscription
     * ended, and no response goes out. Idempotent.
     */
    public void cancel(InFlight work, String reason) {
        if (work.cancelled() || unanswered.get(key(work)) != work) return;
        log.debug("request {} cancelled by the client: {}", work.id(), reason);
        work.cancel();
        Thread.ofVirtual().name("mcp-cancel-watch-" + work.id()).start(() -> freeWhenStuck(work));
    }

    /**
     * Bounds a cancelled request: if its thread is still running {@link #CANCEL_GRACE} after the cancellation (its
     * handler ignores interruption), the request stops counting as in flight (its id and its slot are free again, and
     * closing the input does not wait for it) and the log says so; the thread itself cannot be stopped.
     */
    private void freeWhenStuck(InFlight work) {
        try {
            if (work.awaitEnd(CANCEL_GRACE)) return;
        } catch (InterruptedException e) {
            return;
        }
        if (!release(key(work), work)) return;
        log.warn("request {} still runs {} s after it was cancelled: its handler ignores interruption; its slot is "
                + "freed, its thread runs on", work.id(), CANCEL_GRACE.toSeconds());
        if (work.owner() instanceof dev.jmcp.server.registry.RunawayAware runaway) {
            runaway.ranAway("request " + work.id() + " still runs " + CANCEL_GRACE.toSeconds()
                    + " s after it was cancelled (its code ignores interruption)");
        }
    }

    /** The client can send nothing more: a subscription lasts as long as its client listens, and this one cannot. */
    void cancelListens() {
        listens.forEach(InFlight::cancel);
    }

    /** Cancels every request in flight (the session ends). */
    void cancelAll() {
        unanswered.values().forEach(InFlight::cancel);
    }

    /**
     * Blocks until no request is in flight or {@code timeout} passes; true when idle. {@code subscriptions/listen}
     * streams are not waited for: they last as long as their client listens.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        idleLock.lock();
        try {
            while (requests.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                idle.awaitNanos(left);
            }
            return true;
        } finally {
            idleLock.unlock();
        }
    }

    private void signalIfIdle() {
        if (requests.get() > 0) return;
        idleLock.lock();
        try {
            idle.signalAll();
        } finally {
            idleLock.unlock();
        }
    }

    private static JsonRpcErrorResponse error(JsonRpcRequest request, int code, String message) {
        return new JsonRpcErrorResponse(request.id(), new JsonRpcError(code, message));
    }
}
