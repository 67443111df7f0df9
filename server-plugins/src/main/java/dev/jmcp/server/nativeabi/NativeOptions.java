package dev.jmcp.server.nativeabi;

import java.time.Duration;

/**
 * How a native library is called and what it may use; the user sets them in the {@code .so.json} beside it.
 * <ul>
 * <li>{@code reentrant}: the library may be called from several threads at once (otherwise calls are serialised per
 * library, as the original server did).</li>
 * <li>{@code callTimeout}: how long a caller waits for one native call before it gets an error (starting a new child
 * for it is not counted: that has {@code startTimeout}); null waits until the client cancels. In process a timed out
 * call keeps running on its platform thread (a native call cannot be interrupted) and, unless re-entrant, holds the
 * library until it returns; in a child process the child is ended and started again.</li>
 * <li>{@code startTimeout}: how long a child may take to load the library and answer with its declarations.</li>
 * <li>{@code memoryMiB}: the child's address-space limit (RLIMIT_AS) in MiB, beyond what its JVM reserved at start
 * for the JVM host; 0 for none.</li>
 * <li>{@code maxCalls}: calls running on or waiting for the library at once; one more gets an error at once.</li>
 * <li>{@code prefix}: put before every tool and prompt name the library declares (child process mode).</li>
 * </ul>
 * Immutable.
 */
public record NativeOptions(boolean reentrant, Duration callTimeout, Duration startTimeout, long memoryMiB,
                            int maxCalls, String prefix) {
    /** Default call timeout of a library in a child process. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(5);
    /** Default start-up timeout of a child process. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(10);
    /** Default address-space limit of a child process, MiB. */
    public static final long DEFAULT_MEMORY_MIB = 1024;
    /** Default limit of calls in flight on one library. */
    public static final int DEFAULT_MAX_CALLS = 64;

    public NativeOptions {
        if (callTimeout != null && (callTimeout.isNegative() || callTimeout.isZero())) {
            throw new IllegalArgumentException("a call timeout must be positive, was " + callTimeout);
        }
        if (startTimeout == null) startTimeout = DEFAULT_START_TIMEOUT;
        if (startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("a start-up timeout must be positive, was " + startTimeout);
        }
        if (memoryMiB < 0) throw new IllegalArgumentException("a memory limit must be 0 (none) or positive");
        if (maxCalls < 1) throw new IllegalArgumentException("the calls in flight must be at least 1, was " + maxCalls);
        if (prefix == null) prefix = "";
    }

    /** Serialised or re-entrant calls with {@code callTimeout}, the other limits at their defaults. */
    public NativeOptions(boolean reentrant, Duration callTimeout) {
        this(reentrant, callTimeout, DEFAULT_START_TIMEOUT, DEFAULT_MEMORY_MIB, DEFAULT_MAX_CALLS, "");
    }

    /** Serialised calls, no timeout. */
    public static final NativeOptions DEFAULTS = new NativeOptions(false, null);
}
