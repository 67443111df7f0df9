package dev.jmcp.server.session;

/**
 * A request being served: the thread serving it and whether the client cancelled it. Thread-safe.
 */
public final class InFlight {
    private volatile Thread thread;
    private volatile boolean cancelled;

    void start(Thread thread) {
        this.thread = thread;
        if (cancelled) thread.interrupt();
    }

    /** Marks the request cancelled and interrupts its thread; its response will not be sent. */
    void cancel() {
        cancelled = true;
        Thread t = thread;
        if (t != null) t.interrupt();
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** A context for work tied to no request (a roots-changed listener): never cancelled. */
    static InFlight detached() {
        return new InFlight();
    }
}
