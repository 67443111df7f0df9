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
 * The requests of one connection in flight, and the one admission of a request to them, whichever wire it speaks: the
 * bound on requests pending ({@code maxPendingRequests}, answers held for unfinished batches counted), an id no
 * request in flight uses, the {@code subscriptions/listen} streams the end of input cancels, and exactly one answer
 * per request ({@link InFlight#claimAnswer}), which {@link #stopInFlight} may give instead of the handler. Admitted
 * requests are served by the {@link Pipeline}. Owned by the {@link ServerSession} of the connection. Thread-safe.
 */
final class Admission {
    private static final Logger log = LoggerFactory.getLogger(Admission.class);
    /** How long a cancelled request may go on before it stops counting as in flight. */
    static final Duration CANCEL_GRACE = Duration.ofSeconds(5);

    private final Pipeline pipeline;
    private final int maxPending;
    private final boolean identityFromParent;
    private final Map<RequestId, InFlight> inFlight = new ConcurrentHashMap<>();
    /** Answers held for batches whose other requests still run; they count with {@link #inFlight} against the bound. */
    private final AtomicInteger heldInBatches = new AtomicInteger();
    /** The bytes of those answers, bounded by {@link BatchCollector}. */
    private final AtomicLong heldBatchBytes = new AtomicLong();
    private final Set<InFlight> listens = ConcurrentHashMap.newKeySet();
    private final ReentrantLock idleLock = new ReentrantLock();
    private final Condition idle = idleLock.newCondition();

    Admission(Pipeline pipeline, int maxPending, boolean identityFromParent) {
        this.pipeline = pipeline;
        this.maxPending = maxPending;
        this.identityFromParent = identityFromParent;
    }

    /** Where a request's messages go: the connection, or the batch it came in. */
    @FunctionalInterface
    interface Responder {
        void respond(JsonRpcMessage message);
    }

    /**
     * Admits {@code request} (its row {@code method}, null when the server has none; it came in {@code batch}, or
     * null) to be served through {@code wire}, or answers it at once through {@code responder} with why not: the
     * bound is reached, or its id is in use. A method that opens the session (on the stateful wire) is served on this
     * thread; any other on a thread of its own, and this returns at once.
     *
     * @throws VirtualMachineError when no thread could be started for it; it is not in flight then
     */
    void admit(JsonRpcRequest request, ServedMethod method, Pipeline.Wire wire, Responder responder,
               BatchCollector batch) {
        if (inFlight.size() + heldInBatches.get() >= maxPending) {
            responder.respond(error(request, ErrorCodes.SERVER_BUSY, "Server busy: " + inFlight.size()
                    + " requests" + (wire.session() == null ? "" : " of this session") + " are already in flight"
                    + heldInBatches() + "; retry when some have finished"));
            return;
        }
        if (method != null && method.is(ServedMethod.Trait.OPENS_SESSION) && wire.session() != null) {
            // Served on the reader's thread, so a request the client sends right behind it finds the session ready.
            pipeline.serveHere(request, method, wire, InFlight.admitting(request, identityFromParent),
                    responder::respond);
            return;
        }
        var work = InFlight.admitting(request, identityFromParent);
        if (inFlight.putIfAbsent(request.id(), work) != null) {
            // The second request's id is the first's, so its error response can only be told apart by its message.
            responder.respond(error(request, ErrorCodes.INVALID_REQUEST,
                    "Invalid request: id " + request.id() + " is already in use by a request in flight"));
            return;
        }
        boolean listen = method != null && method.is(ServedMethod.Trait.STREAMS);
        if (listen) listens.add(work);
        Responder once = answerOnce(work, responder);
        try {
            pipeline.serve(request, method, wire, work, once::respond, sent -> {
                if (sent == null && batch != null && !work.stopped()) batch.skip();
                // The slot is freed when the handler has really ended, not when it was asked to stop.
                if (listen) listens.remove(work);
                if (inFlight.remove(request.id(), work)) signalIfIdle();
            });
        } catch (VirtualMachineError e) {
            // No thread for it (the heap is exhausted): not in flight, so the reader may take it in again.
            if (listen) listens.remove(work);
            inFlight.remove(request.id(), work);
            throw e;
        }
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

    /** {@code responder} for {@code work}'s one answer, which {@link #stopInFlight} may give instead. */
    private static Responder answerOnce(InFlight work, Responder responder) {
        Responder once = message -> {
            // A stateless call's progress and a listen's events go out this way too: only an answer is claimed.
            if (!(message instanceof JsonRpcAnswer)) {
                responder.respond(message);
                return;
            }
            if (!work.claimAnswer()) return;
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

    /** Requests being served now. */
    int size() {
        return inFlight.size();
    }

    /**
     * The server stops: every request still in flight is answered now with an error that says so (unless its own
     * answer is already going out), and cancelled. Returns how many were answered so.
     */
    int stopInFlight() {
        int answered = 0;
        for (var entry : inFlight.entrySet()) {
            if (entry.getValue().stop(new JsonRpcErrorResponse(entry.getKey(), new JsonRpcError(
                    ErrorCodes.INTERNAL_ERROR, "Internal error: the server stopped before this request finished (its "
                    + "shutdown grace period ended); retry on a new server")))) {
                answered++;
            }
        }
        return answered;
    }

    /** The client cancelled request {@code id}: its handler is interrupted, and no response goes out. */
    void cancel(RequestId id, String reason) {
        InFlight work = id == null ? null : inFlight.get(id);
        if (work != null) {
            log.debug("request {} cancelled by the client: {}", id, reason);
            work.cancel();
            Thread.ofVirtual().name("mcp-cancel-watch-" + id).start(() -> freeWhenStuck(id, work));
        }
    }

    /**
     * Bounds a cancelled request: if its thread is still running {@link #CANCEL_GRACE} after the cancellation (its
     * handler ignores interruption), the request stops counting as in flight (its id and its slot are free again, and
     * closing the input does not wait for it) and the log says so; the thread itself cannot be stopped.
     */
    private void freeWhenStuck(RequestId id, InFlight work) {
        try {
            if (work.awaitEnd(CANCEL_GRACE)) return;
        } catch (InterruptedException e) {
            return;
        }
        if (inFlight.remove(id, work)) {
            log.warn("request {} still runs {} s after it was cancelled: its handler ignores interruption; its slot is "
                    + "freed, its thread runs on", id, CANCEL_GRACE.toSeconds());
            signalIfIdle();
            if (work.owner() instanceof dev.jmcp.server.registry.RunawayAware runaway) {
                runaway.ranAway("request " + id + " still runs " + CANCEL_GRACE.toSeconds()
                        + " s after it was cancelled (its code ignores interruption)");
            }
        }
    }

    /** The client can send nothing more: a subscription lasts as long as its client listens, and this one cannot. */
    void cancelListens() {
        listens.forEach(InFlight::cancel);
    }

    /** Cancels every request in flight (the session ends). */
    void cancelAll() {
        inFlight.values().forEach(InFlight::cancel);
    }

    /** Blocks until no request is in flight or {@code timeout} passes; true when idle. */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        idleLock.lock();
        try {
            while (!inFlight.isEmpty()) {
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
        if (!inFlight.isEmpty()) return;
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
