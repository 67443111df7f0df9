package dev.jmcp.server.registry;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The count of calls inside one plugin, of any kind (a JAR, a native library, a mounted server), and whether the
 * plugin is retired: the state behind {@link Owner#enter} and {@link Owner#exit}. Once retired no call enters any more,
 * and exactly one of {@link #exit} or {@link #retire} reports the moment the last call has left, so the plugin closes
 * once. Thread-safe, lock-free.
 */
public final class Lease {
    private static final int RETIRED = 1 << 30;

    private final String owner;
    /** Calls inside, plus {@link #RETIRED} once retired. */
    private final AtomicInteger state = new AtomicInteger();

    /** {@code owner}: whose calls are counted, for the message of a misuse. */
    public Lease(String owner) {
        this.owner = owner;
    }

    /** Starts a call; false once retired (the caller looks the entry up again). */
    public boolean enter() {
        while (true) {
            int now = state.get();
            if ((now & RETIRED) != 0) return false;
            if (state.compareAndSet(now, now + 1)) return true;
        }
    }

    /**
     * Ends a call started by a successful {@link #enter}; true when it was the last call of a retired plugin (the
     * caller closes it).
     *
     * @throws IllegalStateException no call is inside
     */
    public boolean exit() {
        int now = state.updateAndGet(s -> {
            if ((s & ~RETIRED) == 0) throw new IllegalStateException("exit() of plugin " + owner + " without enter()");
            return s - 1;
        });
        return now == RETIRED;
    }

    /** No new call may enter; true when this call retired it with no call inside (the caller closes it). Idempotent. */
    public boolean retire() {
        return state.getAndUpdate(s -> s | RETIRED) == 0;
    }

    /** True when retired and no call is inside: the plugin is closing or closed. */
    public boolean idle() {
        return state.get() == RETIRED;
    }
}
