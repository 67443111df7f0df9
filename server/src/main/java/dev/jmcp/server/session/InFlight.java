package dev.jmcp.server.session;

import java.time.Duration;

/**
 * A request being served: the thread serving it and whether the client cancelled it. Thread-safe.
 */
public final class InFlight {
    private volatile Thread thread;
    private volatile boolean cancelled;
    private final java.util.List<Runnable> onCancel = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Who sent the request: captured where it is admitted, on the transport's thread. */
    private final dev.jmcp.plugin.Identity identity;

    /** The client's network address (HTTP), captured with the identity; {@code null} over stdio. */
    private final String address = RequestIdentity.address();

    private InFlight(dev.jmcp.plugin.Identity identity) {
        this.identity = identity;
    }

    public String address() {
        return address;
    }

    /** Work whose sender is whoever the transport says sent the message being received now. */
    /** Work of the server's own, tied to no request's identity (a task's worker). */
    public InFlight() {
        this(RequestIdentity.current());
    }

    /**
     * A request being admitted: its sender as the transport says, or, in a plugin's child process that trusts its
     * parent ({@code identityFromParent}), as the parent said in the request's {@code _meta}.
     */
    public static InFlight admitting(dev.jmcp.protocol.jsonrpc.JsonRpcRequest request, boolean identityFromParent) {
        dev.jmcp.plugin.Identity identity = RequestIdentity.current();
        if (identity == null && identityFromParent) identity = ParentIdentity.fromParams(request.params());
        return new InFlight(identity);
    }

    public dev.jmcp.plugin.Identity identity() {
        return identity;
    }

    public void start(Thread thread) {
        this.thread = thread;
        if (cancelled) thread.interrupt();
    }

    /** Marks the request cancelled and interrupts its thread; its response will not be sent. */
    public void cancel() {
        cancelled = true;
        onCancel.forEach(Runnable::run);
        Thread t = thread;
        if (t != null) t.interrupt();
    }

    /** What else cancelling ends (a subscription stream). Runs at once if already cancelled. */
    public void onCancel(Runnable action) {
        onCancel.add(action);
        if (cancelled) action.run();
    }

    /** Waits at most {@code timeout} for the serving thread to end; true if it has (or never started). */
    public boolean awaitEnd(Duration timeout) throws InterruptedException {
        Thread t = thread;
        return t == null || t.join(timeout);
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** A context for work tied to no request (a roots-changed listener): never cancelled. */
    static InFlight detached() {
        return new InFlight();
    }
}
