package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.session.OutboundMethods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the calls into one native library, wherever it runs (a {@link Backend}: this process or a child): one at a
 * time unless the library is re-entrant, at most {@link NativeOptions#maxCalls} running or waiting, while the calling
 * (virtual) thread waits for the end of the call and forwards the library's notifications to its request context in
 * order, before the result. A progress token is passed to the library only when the client sent one, and then as a
 * string of ours ({@code "jmcp-7"}, since existing libraries crash on a numeric one); the library's progress reaches
 * the client under the client's own token.
 *
 * <p>Thread-safe. {@link #idle} tells the owner when no native call is running, so that the library is closed only
 * then, even after a caller stopped waiting (cancellation or timeout).
 */
final class NativeCalls {
    private static final Logger LOG = LoggerFactory.getLogger(NativeCalls.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    /** Where the calls run. */
    interface Backend {
        /**
         * Starts call {@code id} with the request (JSON text in UTF-8, encoded once, not to be changed); its
         * notifications and its end go to {@code sink}.
         */
        void start(long id, byte[] request, Sink sink);

        /** The caller of call {@code id} stopped waiting (timeout or cancellation) while it runs. */
        void abandon(long id, boolean timedOut);
    }

    /** What a backend tells about one call; {@link #end} exactly once. */
    interface Sink {
        void note(NativeNote note);

        /** The call ended: with the result text (empty for NULL), or with {@code failure} (a crash, a kill). */
        void end(Optional<String> result, RuntimeException failure);
    }

    /** One call in flight: its token (null when the client sent none), its notifications and its end. */
    private final class Slot implements Sink {
        private final long id;
        private final String token;
        private final BlockingQueue<NativeNote> queue = new LinkedBlockingQueue<>();
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile Optional<String> result = Optional.empty();
        private volatile RuntimeException failure;

        Slot(long id, String token) {
            this.id = id;
            this.token = token;
        }

        @Override
        public void note(NativeNote note) {
            queue.add(note);
        }

        @Override
        public void end(Optional<String> result, RuntimeException failure) {
            if (!ended.compareAndSet(false, true)) return;
            this.result = result;
            this.failure = failure;
            inFlight.remove(id);
            queue.add(NativeNote.DONE);
            permits.release();
            if (running.decrementAndGet() == 0) whenIdle.run();
        }
    }

    private final String name;
    private final NativeOptions options;
    private final Semaphore permits;
    private final Map<Long, Slot> inFlight = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger admitted = new AtomicInteger();
    private final Runnable whenIdle;
    private volatile Backend backend;

    NativeCalls(String name, NativeOptions options, Runnable whenIdle) {
        this.name = name;
        this.options = options;
        this.whenIdle = whenIdle;
        this.permits = new Semaphore(options.reentrant() ? Integer.MAX_VALUE : 1, true);
    }

    void bind(Backend backend) {
        this.backend = backend;
    }

    /**
     * Calls the library with a JSON-RPC request of {@code method} and {@code params}; returns its result text, empty
     * when it returned NULL. Throws {@link TimeoutException} past the call timeout, {@link InterruptedException} when
     * the caller is cancelled, {@link IllegalStateException} with a short sentence naming the plugin when the call
     * failed (the library crashed, or too many calls are in flight).
     */
    Optional<String> call(String method, Map<String, Object> params, RequestContext context)
            throws InterruptedException, TimeoutException {
        if (admitted.incrementAndGet() > options.maxCalls()) {
            admitted.decrementAndGet();
            throw new IllegalStateException("Native plugin " + name + " is busy: " + options.maxCalls()
                    + " calls are in flight, its limit (maxCalls)");
        }
        try {
            return admittedCall(method, params, context);
        } finally {
            admitted.decrementAndGet();
        }
    }

    private Optional<String> admittedCall(String method, Map<String, Object> params, RequestContext context)
            throws InterruptedException, TimeoutException {
        long id = ids.incrementAndGet();
        var slot = new Slot(id, context.hasProgressToken() ? "jmcp-" + id : null);
        Map<String, Object> sent = params;
        if (slot.token != null) {
            var withToken = new LinkedHashMap<>(params);
            withToken.put("_meta", Map.of("progressToken", slot.token));
            sent = withToken;
        }
        // Encoded once, straight to the UTF-8 bytes both backends pass on (native memory or a frame).
        byte[] json = CODEC.encode(new JsonRpcRequest(RequestId.of(id), method, sent));

        long deadline = options.callTimeout() == null ? Long.MAX_VALUE : System.nanoTime() + options.callTimeout().toNanos();
        if (!permits.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) throw timeout();
        running.incrementAndGet();
        inFlight.put(id, slot);
        long starting = System.nanoTime();
        try {
            backend.start(id, json, slot);
        } catch (RuntimeException e) {
            slot.end(Optional.empty(), e);
        }
        // Starting a new child after a crash or a timeout has a limit of its own (startTimeout): it is not the call's.
        if (deadline != Long.MAX_VALUE) deadline += System.nanoTime() - starting;
        try {
            while (true) {
                NativeNote note = slot.queue.poll(remaining(deadline), TimeUnit.NANOSECONDS);
                if (note == null) {
                    backend.abandon(id, true);
                    throw timeout();
                }
                if (note == NativeNote.DONE) break;
                forward(note, context);
            }
        } catch (InterruptedException e) {
            backend.abandon(id, false);
            throw e;
        }
        if (slot.failure != null) throw slot.failure;
        return slot.result;
    }

    /**
     * Where a notification from the library goes (never throws, only looks up and enqueues): to call {@code id}
     * when the library sent it on that call's thread, else to the call whose token it names, else to the only call in
     * flight; otherwise nobody asked and it is logged.
     */
    void route(long id, NativeNote note) {
        Slot slot = id == 0 ? null : inFlight.get(id);
        if (slot == null) {
            for (Slot candidate : inFlight.values()) {
                if (candidate.token != null && note.json().contains('"' + candidate.token + '"')) slot = candidate;
            }
        }
        if (slot == null && inFlight.size() == 1) slot = inFlight.values().stream().findFirst().orElse(null);
        if (slot != null) {
            slot.note(note);
        } else {
            LOG.info("Native plugin {} sent a notification outside any call: {}", name, note.json());
        }
    }

    /** True when no native call is running. */
    boolean idle() {
        return running.get() == 0;
    }

    @SuppressWarnings("unchecked")
    private void forward(NativeNote note, RequestContext context) {
        try {
            if (!(CODEC.parse(note.json()) instanceof Map<?, ?> message)) throw new IllegalArgumentException("not an object");
            Map<String, Object> params = message.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of();
            // The library is a server: what it sends is what a server sends its client, and goes on to jmcp's.
            switch (String.valueOf(message.get("method"))) {
                case OutboundMethods.PROGRESS -> context.progress(number(params.get("progress")),
                        params.get("total") == null ? null : number(params.get("total")),
                        params.get("message") instanceof String s ? s : null);
                case OutboundMethods.MESSAGE -> context.log(
                        LoggingLevel.fromWire(String.valueOf(params.get("level"))).orElse(LoggingLevel.INFO),
                        params.get("logger") instanceof String s ? s : note.pluginName(), params.get("data"));
                case OutboundMethods.RESOURCE_UPDATED -> context.resourceUpdated(String.valueOf(params.get("uri")));
                default -> LOG.info("Native plugin {} sent an unsupported notification: {}", name, note.json());
            }
        } catch (RuntimeException e) {
            LOG.warn("Native plugin {} sent a notification that is not usable ({}): {}", name, e.getMessage(), note.json());
        }
    }

    private static double number(Object value) {
        if (value instanceof Number n) return n.doubleValue();
        throw new IllegalArgumentException("progress is not a number: " + value);
    }

    private static long remaining(long deadline) {
        return deadline == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, deadline - System.nanoTime());
    }

    private TimeoutException timeout() {
        return new TimeoutException("Native plugin " + name + " did not answer within " + options.callTimeout());
    }
}
