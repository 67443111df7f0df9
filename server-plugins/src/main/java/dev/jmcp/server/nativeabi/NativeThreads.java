package dev.jmcp.server.nativeabi;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;

/**
 * Runs the calls of a library loaded into this process ({@link NativeLibrary}), each on a platform thread: a native
 * call pins a virtual thread's carrier and cannot be interrupted, so a caller that stops waiting leaves it running
 * here. A notification the library sends on a call's thread is routed with that call's id (0 from a thread of the
 * library's own): to {@link NativeCalls} in the server's process, into a frame in the JVM host ({@link NativeHostMain}).
 * Thread-safe; {@link #shutdown} once the library is closed.
 */
final class NativeThreads implements NativeCalls.Backend {
    private static final long NATIVE_STACK_BYTES = 8L << 20;

    private final BiConsumer<Long, NativeNote> router;
    private final ExecutorService threads;
    private final Map<Thread, Long> byThread = new ConcurrentHashMap<>();
    private volatile NativeLibrary library;

    NativeThreads(String fileName, BiConsumer<Long, NativeNote> router) {
        this.router = router;
        // Native code was written for a process's main thread (8 MiB of stack on Linux), not for a JVM thread's default.
        this.threads = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().stackSize(NATIVE_STACK_BYTES)
                .name("jmcp-native-" + fileName + "-", 0).factory());
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
        threads.submit(() -> {
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

    void shutdown() {
        threads.shutdown();
    }
}
