package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.json.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the calls into one {@link NativeLibrary}: each on a platform thread (a native call pins a virtual thread's
 * carrier and cannot be interrupted), one at a time unless the library is re-entrant, while the calling (virtual)
 * thread waits for the end of the call and forwards the library's notifications to its request context in order,
 * before the result. A progress token is always passed to the library, as a string of ours ({@code "jmcp-7"}), so
 * libraries that require one, or crash on a numeric one, get what they expect; the library's progress reaches the
 * client under the client's own token (or nowhere, when the client sent none).
 *
 * <p>Thread-safe. {@link #idle} tells the owner when no native call is running, so that the library is closed only
 * then, even after a caller stopped waiting (cancellation or timeout).
 */
final class NativeCalls {
    private static final Logger LOG = LoggerFactory.getLogger(NativeCalls.class);
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final long NATIVE_STACK_BYTES = 8L << 20;

    /** One call in flight: its token, its caller's context and the queue its notifications and end go to. */
    private record Slot(String token, RequestContext context, BlockingQueue<NativeNote> queue) {
    }

    private final String name;
    private final NativeOptions options;
    private final Semaphore permits;
    private final ExecutorService threads;
    private final Map<String, Slot> inFlight = new ConcurrentHashMap<>();
    private final Map<Thread, Slot> byThread = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicInteger running = new AtomicInteger();
    private final Runnable whenIdle;
    private volatile NativeLibrary library;

    NativeCalls(String fileName, NativeOptions options, Runnable whenIdle) {
        this.name = fileName;
        this.options = options;
        this.whenIdle = whenIdle;
        this.permits = new Semaphore(options.reentrant() ? Integer.MAX_VALUE : 1, true);
        // Native code was written for a process's main thread (8 MiB of stack on Linux), not for a JVM thread's default.
        this.threads = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().stackSize(NATIVE_STACK_BYTES)
                .name("jmcp-native-" + fileName + "-", 0).factory());
    }

    void bind(NativeLibrary library) {
        this.library = library;
    }

    /**
     * Calls the library with a JSON-RPC request of {@code method} and {@code params}; returns its result text, empty
     * when it returned NULL. Throws {@link TimeoutException} past the call timeout, {@link InterruptedException} when
     * the caller is cancelled (the native call itself runs on to its end).
     */
    Optional<String> call(String method, Map<String, Object> params, RequestContext context)
            throws InterruptedException, TimeoutException {
        long id = ids.incrementAndGet();
        var slot = new Slot("jmcp-" + id, context, new LinkedBlockingQueue<>());
        var withToken = new LinkedHashMap<>(params);
        withToken.put("_meta", Map.of("progressToken", slot.token()));
        var request = new LinkedHashMap<String, Object>();
        request.put("jsonrpc", "2.0");
        request.put("id", id);
        request.put("method", method);
        request.put("params", withToken);
        String json = CODEC.writeValueAsString(request);

        long deadline = options.callTimeout() == null ? Long.MAX_VALUE : System.nanoTime() + options.callTimeout().toNanos();
        if (!permits.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) throw timeout();
        Future<Optional<String>> result;
        running.incrementAndGet();
        try {
            inFlight.put(slot.token(), slot);
            result = threads.submit(() -> runNative(slot, json));
        } catch (RuntimeException e) {
            ended(slot);
            throw e;
        }
        while (true) {
            NativeNote note = slot.queue().poll(remaining(deadline), TimeUnit.NANOSECONDS);
            if (note == null) throw timeout();
            if (note == NativeNote.DONE) break;
            forward(note, context);
        }
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        }
    }

    private Optional<String> runNative(Slot slot, String json) {
        Thread self = Thread.currentThread();
        byThread.put(self, slot);
        try {
            return library.handleRequest(json);
        } finally {
            byThread.remove(self);
            ended(slot);
        }
    }

    private void ended(Slot slot) {
        inFlight.remove(slot.token());
        slot.queue().add(NativeNote.DONE);
        permits.release();
        if (running.decrementAndGet() == 0) whenIdle.run();
    }

    /**
     * Where a notification from the library goes (called from the upcall: only lookups and an enqueue, never
     * throws): to the call running on the sending thread, else to the call whose token it names, else to the only
     * call in flight; otherwise nobody asked and it is logged.
     */
    void route(NativeNote note) {
        Slot slot = byThread.get(Thread.currentThread());
        if (slot == null) {
            for (Slot candidate : inFlight.values()) {
                if (note.json().contains('"' + candidate.token() + '"')) slot = candidate;
            }
        }
        if (slot == null && inFlight.size() == 1) slot = inFlight.values().stream().findFirst().orElse(null);
        if (slot != null) {
            slot.queue().add(note);
        } else {
            LOG.info("Native plugin {} sent a notification outside any call: {}", name, note.json());
        }
    }

    /** True when no native call is running. */
    boolean idle() {
        return running.get() == 0;
    }

    void shutdown() {
        threads.shutdown();
    }

    @SuppressWarnings("unchecked")
    private void forward(NativeNote note, RequestContext context) {
        try {
            if (!(CODEC.parse(note.json()) instanceof Map<?, ?> message)) throw new IllegalArgumentException("not an object");
            Map<String, Object> params = message.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of();
            switch (String.valueOf(message.get("method"))) {
                case "notifications/progress" -> context.progress(number(params.get("progress")),
                        params.get("total") == null ? null : number(params.get("total")),
                        params.get("message") instanceof String s ? s : null);
                case "notifications/message" -> context.log(
                        LoggingLevel.fromWire(String.valueOf(params.get("level"))).orElse(LoggingLevel.INFO),
                        params.get("logger") instanceof String s ? s : note.pluginName(), params.get("data"));
                case "notifications/resources/updated" -> context.resourceUpdated(String.valueOf(params.get("uri")));
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
