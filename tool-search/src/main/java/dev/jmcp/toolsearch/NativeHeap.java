package dev.jmcp.toolsearch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Keeps the C heap the model runs on from holding on to freed memory. ONNX Runtime allocates and frees the buffers of
 * every run with {@code malloc}; with glibc's default policy the large ones are then kept (the threshold for returning
 * memory to the system grows with the largest block freed), so the process keeps the peak of the largest batch: about
 * 200 MB measured after embedding 645 tools, against about 90 MB with a fixed 1 MiB trim threshold (bench/RESULTS.md).
 * Where the C library has {@code mallopt} (glibc), this sets that threshold once, as the documented environment
 * variable {@code MALLOC_TRIM_THRESHOLD_} would, unless the operator set that variable, and after each burst of
 * embedding gives the free pages back ({@code malloc_trim}); elsewhere it does nothing.
 */
final class NativeHeap {

    private static final Logger LOG = LoggerFactory.getLogger(NativeHeap.class);
    /** glibc's {@code M_TRIM_THRESHOLD} parameter number for {@code mallopt}. */
    private static final int M_TRIM_THRESHOLD = -1;
    private static final int TRIM_THRESHOLD_BYTES = 1 << 20;
    private static volatile boolean done;
    private static volatile MethodHandle mallocTrim;

    private NativeHeap() {
    }

    /** Sets the trim threshold once per process, when it can and the operator did not. */
    static synchronized void returnFreedMemory() {
        if (done) return;
        done = true;
        if (System.getenv("MALLOC_TRIM_THRESHOLD_") != null) return;
        try {
            Linker linker = Linker.nativeLinker();
            Optional<java.lang.foreign.MemorySegment> mallopt = linker.defaultLookup().find("mallopt");
            if (mallopt.isEmpty()) return;
            MethodHandle handle = linker.downcallHandle(mallopt.get(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            int ok = (int) handle.invokeExact(M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES);
            Optional<java.lang.foreign.MemorySegment> trim = linker.defaultLookup().find("malloc_trim");
            if (trim.isPresent()) {
                mallocTrim = linker.downcallHandle(trim.get(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            }
            LOG.debug("Tool search: C heap trim threshold set to {} bytes ({})", TRIM_THRESHOLD_BYTES,
                    ok == 1 ? "done" : "refused");
        } catch (Throwable e) {
            // Native access not granted, or no such function: memory is then as the C library keeps it.
            LOG.debug("Tool search: could not set the C heap's trim threshold", e);
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
