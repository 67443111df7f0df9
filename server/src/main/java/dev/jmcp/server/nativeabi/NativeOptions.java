package dev.jmcp.server.nativeabi;

import java.time.Duration;

/**
 * How a native library is called. {@code reentrant}: the user says the library may be called from several threads at
 * once (otherwise calls are serialised per library, as the original server did). {@code callTimeout}: how long a
 * caller waits for one native call before it gets an error; null waits until the client cancels. In process a timed
 * out call keeps running on its platform thread (a native call cannot be interrupted), and, unless re-entrant, holds
 * the library until it returns; only the child process mode can end it.
 */
public record NativeOptions(boolean reentrant, Duration callTimeout) {
    public NativeOptions {
        if (callTimeout != null && (callTimeout.isNegative() || callTimeout.isZero())) {
            throw new IllegalArgumentException("a call timeout must be positive, was " + callTimeout);
        }
    }

    /** Serialised calls, no timeout. */
    public static final NativeOptions DEFAULTS = new NativeOptions(false, null);
}
