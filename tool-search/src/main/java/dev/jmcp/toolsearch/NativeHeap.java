package dev.jmcp.toolsearch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Keeps the C heap the model runs on from holding on to freed memory after a burst of embedding, without giving it
 * back during one. ONNX Runtime allocates and frees the buffers of every run with {@code malloc} (6 MB and more for a
 * batch of tools). With glibc's default policy the process keeps the peak of the largest batch (the threshold for
 * returning memory grows with the largest block freed): about 200 MB after embedding 645 tools. A fixed 1 MiB trim
 * threshold kept memory low, but every run then got its buffers from fresh pages (blocks over 128 KiB are mapped and
 * unmapped each time, and the top of the heap is given back after each run): 14,000 page faults a tool, which on a
 * virtual machine whose host charges for each took 31 s to embed 120 tools against 3.4 s (bench/RESULTS.md).
 * So where the C library has {@code mallopt} (glibc), buffers up to 32 MiB come from the heap and stay there while
 * the model runs, and after each burst of embedding the free pages go back to the system at once
 * ({@code malloc_trim}): the model's thread calls {@link #trim}. Nothing is set when the operator set
 * {@code MALLOC_TRIM_THRESHOLD_} or {@code MALLOC_MMAP_THRESHOLD_}; elsewhere it does nothing.
 */
final class NativeHeap {

    private static final Logger LOG = LoggerFactory.getLogger(NativeHeap.class);
    /** glibc's {@code M_TRIM_THRESHOLD} and {@code M_MMAP_THRESHOLD} parameter numbers for {@code mallopt}. */
    private static final int M_TRIM_THRESHOLD = -1;
    private static final int M_MMAP_THRESHOLD = -3;
    /** Above the largest buffer of a batch's run; the threshold for both, so a burst keeps its pages until its end. */
    private static final int THRESHOLD_BYTES = 32 << 20;
    private static volatile boolean done;
    private static volatile MethodHandle mallocTrim;

    private NativeHeap() {
    }

    /** Sets the thresholds once per process, when it can and the operator did not. */
    static synchronized void returnFreedMemory() {
        if (done) return;
        done = true;
        if (System.getenv("MALLOC_TRIM_THRESHOLD_") != null || System.getenv("MALLOC_MMAP_THRESHOLD_") != null) return;
        try {
            Linker linker = Linker.nativeLinker();
            Optional<java.lang.foreign.MemorySegment> mallopt = linker.defaultLookup().find("mallopt");
            Optional<java.lang.foreign.MemorySegment> trim = linker.defaultLookup().find("malloc_trim");
            // Without malloc_trim nothing would give the kept pages back after a burst: leave the C library as it is.
            if (mallopt.isEmpty() || trim.isEmpty()) return;
            MethodHandle handle = linker.downcallHandle(mallopt.get(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            int mapped = (int) handle.invokeExact(M_MMAP_THRESHOLD, THRESHOLD_BYTES);
            int trimmed = (int) handle.invokeExact(M_TRIM_THRESHOLD, THRESHOLD_BYTES);
            mallocTrim = linker.downcallHandle(trim.get(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            LOG.debug("Tool search: C heap mmap and trim thresholds set to {} bytes ({})", THRESHOLD_BYTES,
                    mapped == 1 && trimmed == 1 ? "done" : "refused");
        } catch (Throwable e) {
            // Native access not granted, or no such function: memory is then as the C library keeps it.
            LOG.debug("Tool search: could not set the C heap's thresholds", e);
        }
    }

    /** Gives the C heap's free pages back to the system (after a burst of embedding); nothing where it cannot. */
    static void trim() {
        MethodHandle handle = mallocTrim;
        if (handle == null) return;
        try {
            int released = (int) handle.invokeExact(0L);
            LOG.trace("Tool search: malloc_trim released memory: {}", released == 1);
        } catch (Throwable e) {
            LOG.debug("Tool search: malloc_trim failed", e);
        }
    }
}
