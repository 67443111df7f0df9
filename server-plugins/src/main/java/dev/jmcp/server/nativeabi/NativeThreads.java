package dev.jmcp.server.nativeabi;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Runs the calls of a library loaded into this process ({@link NativeLibrary}), each on a platform thread: a native
 * call pins a virtual thread's carrier and cannot be interrupted, so a caller that stops waiting leaves it running
 * here. A notification the library sends on a call's thread is routed with that call's id (0 from a thread of the
 * library's own): to {@link NativeCalls} in the server's process, into a frame in the JVM host ({@link NativeHostMain}).
 *
 * <p>The threads are kept for the next call and end after {@link #IDLE_SECONDS} seconds without one. A library that
 * is not re-entrant has one thread: its calls are serialised by the caller ({@link NativeCalls} holds the library for
 * a call until the native call returns, even past its timeout), so a second thread would only ever wait, and a call
 * started just as the last one ends queues behind it instead of starting a thread of its own. A re-entrant library
 * gets a thread per call running, as many as run at once: a call that hangs keeps its thread and the next takes
 * another.
 *
 * <p>Thread-safe; {@link #shutdown} once the library is closed.
 */
final class NativeThreads implements NativeCalls.Backend {
    private static final long NATIVE_STACK_BYTES = 8L << 20;
    /** How long a thread with no call waits for the next before it ends. */
    static final long IDLE_SECONDS = 60;

    private final BiConsumer<Long, NativeNote> router;
    private final ExecutorService threads;
    private final AtomicInteger started = new AtomicInteger();
    private final Map<Thread, Long> byThread = new ConcurrentHashMap<>();
    private volatile NativeLibrary library;

    NativeThreads(String fileName, boolean reentrant, BiConsumer<Long, NativeNote> router) {
        this.router = router;
        // Native code was written for a process's main thread (8 MiB of stack on Linux), not for a JVM thread's default.
        ThreadFactory platform = Thread.ofPlatform().daemon().stackSize(NATIVE_STACK_BYTES)
                .name("jmcp-native-" + fileName + "-", 0).factory();
        ThreadFactory counted = task -> {
            started.incrementAndGet();
            return platform.newThread(task);
        };
        if (reentrant) {
            this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS,
                    new SynchronousQueue<>(), counted);
        } else {
            var one = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                    counted);
            one.allowCoreThreadTimeOut(true);
            this.threads = one;
        }
    }

    void bind(NativeLibrary library) {
        this.library = library;
    }

    /** The library's upcall: routed with the id of the call running on the sending thread, else 0. */
    void route(NativeNote note) {
        router.accept(byThread.getOrDefault(Thread.currentThread(), 0L), note);
    }

    @Override
    public void start(long id, byte[] request, NativeCalls.Sink sink) {
        threads.execute(() -> {
            Thread self = Thread.currentThread();
            byThread.put(self, id);
            Optional<String> result;
            try {
                result = library.handleRequest(request);
            } catch (RuntimeException e) {
                byThread.remove(self);
                sink.end(Optional.empty(), e);
                return;
            }
            byThread.remove(self);
            sink.end(result, null);
        });
    }

    /** Nothing to do: the native call runs on to its end, holding its permit. */
    @Override
    public void abandon(long id, boolean timedOut) {
    }

    /** How many platform threads were started for calls so far (for tests). */
    int started() {
        return started.get();
    }

    void shutdown() {
        threads.shutdown();
    }
}
