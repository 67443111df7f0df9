package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.server.observe.CallSpan;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one way a request is served, on both wires and every transport: its row of the method table looked up once by
 * whoever admitted it, then checked and run by its {@link Wire} (the stateful session's, or one 2026-07-28 request's
 * envelope), on a virtual thread of its own, observed, with whatever it throws mapped by {@link Failures} to its one
 * answer. Who admits a request (bounds, ids in flight, cancellation, the one answer) is {@link Admission}, on every wire:
 * a connection's, or the engine's for requests that come on none (2026-07-28 over HTTP). One per engine; thread-safe.
 */
public final class Pipeline {
    /**
     * Request threads: virtual, and not copying the starting thread's inheritable thread-locals. Nothing the request
     * needs comes through them (its identity and address travel in its {@link InFlight}), and copying them cost the
     * stdio reader, which starts every request, a map per call: tinylog's context map is one on every thread that has
     * logged (bench/RESULTS.md, issue 26). One factory for all, so starting a request makes no builder.
     */
    private static final java.util.concurrent.ThreadFactory REQUEST_THREADS =
            Thread.ofVirtual().inheritInheritableThreadLocals(false).factory();

    /** Up to 30 s: a collector's full collections on a slow machine may keep the heap exhausted for seconds. */
    private static final int LAST_RESORT_TRIES = 600;

    private final Host host;

    /** The pipeline of {@code host}; made once, by the engine. */
    public Pipeline(Host host) {
        this.host = host;
    }

    /**
     * What sets one wire apart: the check of a request against what the wire allows (its methods, the client's
     * capabilities) and the run of its handler with the wire's caller. Implemented by the stateful session's wire and,
     * per request, by the stateless revision's. Thread-safe.
     */
    public interface Wire {

        /** The revision the request speaks, as observers are told it; null before a session is opened. */
        String revision();

        /** The stateful session the request belongs to, as observers are told it; null on the stateless wire. */
        String session();

        /** Null when {@code request} may be served; otherwise its error answer. {@code method} is null when unknown. */
        JsonRpcMessage refusal(JsonRpcRequest request, ServedMethod method);

        /**
         * Runs {@code request}'s handler and returns its answer; notifications tied to the request go to {@code send}
         * first. What the handler throws is the pipeline's to map.
         */
        JsonRpcMessage run(JsonRpcRequest request, ServedMethod method, InFlight work, Consumer<JsonRpcMessage> send)
                throws Exception;
    }

    /**
     * Serves {@code request} on its own virtual thread: observes it, checks and runs it through {@code wire}, maps
     * whatever that throws (any {@link Throwable}) to its one error response, sends that response through
     * {@code send} unless the request was cancelled, replaces a response too large to encode with an error, and
     * finally hands {@code done} what was sent (null: nothing, the request was cancelled). Returns at once.
     */
    public void serve(JsonRpcRequest request, ServedMethod method, Wire wire, InFlight work,
                      Consumer<JsonRpcMessage> send, Consumer<JsonRpcMessage> done) {
        Thread thread = REQUEST_THREADS.newThread(() -> {
            CallSpan span = CallSpan.NONE;
            JsonRpcMessage sent = null;
            try {
                work.start(Thread.currentThread());
                span = host.startCall(request, method, wire.revision(), wire.session(),
                        work.identity() == null ? null : work.identity().subject(), work.address());
                JsonRpcMessage response = answer(request, method, wire, work, send);
                if (!work.cancelled()) {
                    try {
                        send.accept(response);
                        sent = response;
                    } catch (VirtualMachineError e) {
                        // A result too large for the heap to encode: the request still gets one answer.
                        sent = Failures.unsendable(request.id(), request.method(), e);
                        send.accept(sent);
                    }
                }
            } catch (Throwable e) {
                // The heap was exhausted (by another call, often) while this one was answered, or while its error was
                // made (a class first initialized then stays unusable: a LinkageError): it still gets one answer, once
                // memory is back.
                if (!work.cancelled()) sent = lastResort(request, send, e);
            } finally {
                try {
                    host.endCall(span, sent);
                } finally {
                    done.accept(sent);
                }
            }
        });
        thread.setName("mcp-" + request.method() + "-" + request.id());
        thread.start();
    }

    /**
     * Runs {@code handler} on a virtual thread of its own for {@code request}, whose answer another thread gives: a
     * stateless {@code tools/call} that may become a task is answered with the task as soon as its handler starts one,
     * while the handler goes on. What {@code handler} returns, or whatever it throws mapped to the request's error as
     * {@link #serve} maps it, goes to {@code outcome}, once. Returns at once.
     */
    public static void runAside(JsonRpcRequest request, String threadName, Callable<JsonRpcMessage> handler,
                                Consumer<JsonRpcMessage> outcome) {
        Thread.ofVirtual().name(threadName).start(() -> {
            JsonRpcMessage answer = null;
            try {
                answer = handler.call();
            } catch (Throwable failure) {
                // Whatever the handler throws, the request (or the task it started) gets its one answer.
                answer = Failures.response(request.id(), request.method(), failure);
            } finally {
                outcome.accept(answer);
            }
        });
    }

    /**
     * Serves {@code request} on the calling thread and sends its answer through {@code send}: for {@code initialize},
     * which must have opened the session before the reader takes in the request behind it.
     */
    public void serveHere(JsonRpcRequest request, ServedMethod method, Wire wire, InFlight work,
                          Consumer<JsonRpcMessage> send) {
        CallSpan span = host.startCall(request, method, null, wire.session());
        JsonRpcMessage response = answer(request, method, wire, work, send);
        send.accept(response);
        host.endCall(span, response);
    }

    /** Check, then run: the request's one answer, whatever the wire throws mapped to its error. */
    private static JsonRpcMessage answer(JsonRpcRequest request, ServedMethod method, Wire wire, InFlight work,
                                         Consumer<JsonRpcMessage> send) {
        try {
            JsonRpcMessage refusal = wire.refusal(request, method);
            return refusal != null ? refusal : wire.run(request, method, work, send);
        } catch (Throwable failure) {
            return Failures.response(request.id(), request.method(), failure);
        }
    }

    /**
     * The error answer of a request whose answer (or whose error) could not be made or sent for lack of memory:
     * retried for up to {@value #LAST_RESORT_TRIES} times 50 ms, since a heap exhausted by one call is free again once
     * that call fails. Null when even that failed. The one-answer guard ({@link InFlight#claimAnswer}) keeps a second
     * answer from going out when the first did after all.
     */
    private static JsonRpcMessage lastResort(JsonRpcRequest request, Consumer<JsonRpcMessage> send, Throwable cause) {
        for (int attempt = 0; attempt < LAST_RESORT_TRIES; attempt++) {
            try {
                JsonRpcMessage error = cause instanceof VirtualMachineError fatal
                        ? Failures.unsendable(request.id(), request.method(), fatal)
                        : new JsonRpcErrorResponse(request.id(), new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                                "Internal error: " + cause));
                send.accept(error);
                return error;
            } catch (VirtualMachineError | LinkageError again) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
        return null;
    }
}
