package dev.jmcp.server.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A request being served: the thread serving it and whether the client cancelled it. Thread-safe.
 */
public final class InFlight {
    private volatile Thread thread;
    private volatile boolean cancelled;
    /**
     * Set once the request's one answer has gone out (or is going), by whichever path got there first
     * ({@link #ANSWERED}: a field, not an atomic object per request).
     */
    private volatile boolean answered;
    /** Set once the request no longer holds its slot of the admission ({@link #RELEASED}). */
    private volatile boolean released;
    /** Where an answer given for the request by the server itself (it stopped) goes; null: not answerable so. */
    private volatile java.util.function.Consumer<dev.jmcp.protocol.jsonrpc.JsonRpcMessage> answers;
    private volatile boolean stopped;
    /** The plugin the request's handler runs in, once its context is made; null before, or for the server's own. */
    private volatile dev.jmcp.server.registry.Owner owner;
    /** What else cancelling ends; made by the first {@link #onCancel} (few requests have any). */
    private volatile List<Runnable> onCancel;
    /** Who sent the request: captured where it is admitted, on the transport's thread. */
    private final dev.jmcp.plugin.Identity identity;

    /** The client's network address (HTTP), captured with the identity; {@code null} over stdio. */
    private final String address = RequestIdentity.address();
    /** The id of the request this is; null for work of the server's own. */
    private final dev.jmcp.protocol.jsonrpc.RequestId id;

    private static final VarHandle ANSWERED;
    private static final VarHandle RELEASED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ANSWERED = lookup.findVarHandle(InFlight.class, "answered", boolean.class);
            RELEASED = lookup.findVarHandle(InFlight.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private InFlight(dev.jmcp.plugin.Identity identity, dev.jmcp.protocol.jsonrpc.RequestId id) {
        this.identity = identity;
        this.id = id;
    }

    /** The id of the request this is; null for work of the server's own. */
    public dev.jmcp.protocol.jsonrpc.RequestId id() {
        return id;
    }

    public String address() {
        return address;
    }

    /** Work whose sender is whoever the transport says sent the message being received now. */
    /** Work of the server's own, tied to no request's identity (a task's worker). */
    public InFlight() {
        this(RequestIdentity.current(), null);
    }

    /**
     * A request being admitted: its sender as the transport says, or, in a plugin's child process that trusts its
     * parent ({@code identityFromParent}), as the parent said in the request's {@code _meta}.
     */
    public static InFlight admitting(dev.jmcp.protocol.jsonrpc.JsonRpcRequest request, boolean identityFromParent) {
        dev.jmcp.plugin.Identity identity = RequestIdentity.current();
        if (identity == null && identityFromParent) identity = ParentIdentity.fromParams(request.params());
        return new InFlight(identity, request.id());
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
        List<Runnable> actions = onCancel;
        if (actions != null) actions.forEach(Runnable::run);
        Thread t = thread;
        if (t != null) t.interrupt();
    }

    /** What else cancelling ends (a subscription stream). Runs at once if already cancelled. */
    public void onCancel(Runnable action) {
        List<Runnable> actions = onCancel;
        if (actions == null) {
            synchronized (this) {
                if (onCancel == null) onCancel = new CopyOnWriteArrayList<>();
                actions = onCancel;
            }
        }
        actions.add(action);
        // After the add: a cancel() that read no list yet has set cancelled before, so one of the two runs it.
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

    /**
     * Claims the right to send the request's one answer: true the first time only. Whoever sends an answer for it
     * (its handler's result, or {@link #stop}'s error) claims first, so the client never gets two.
     */
    public boolean claimAnswer() {
        return ANSWERED.compareAndSet(this, false, true);
    }

    /** Gives back a claim whose answer could not be sent, so the error that replaces it can be. */
    public void releaseAnswer() {
        answered = false;
    }

    /** The request gives back its admission slot: true the first time only (its handler ended, or it ran away). */
    boolean releaseSlot() {
        return RELEASED.compareAndSet(this, false, true);
    }

    /** Makes the request answerable by {@link #stop}: {@code answers} sends the message as the request's answer. */
    public void answerThrough(java.util.function.Consumer<dev.jmcp.protocol.jsonrpc.JsonRpcMessage> answers) {
        this.answers = answers;
    }

    /**
     * The server stops before the request ends: unless it was answered already, {@code answer} (an error saying so)
     * becomes its one answer, and the request is cancelled. True when this sent the answer.
     */
    public boolean stop(dev.jmcp.protocol.jsonrpc.JsonRpcMessage answer) {
        var through = answers;
        if (through == null || !claimAnswer()) return false;
        stopped = true;
        try {
            through.accept(answer);
        } finally {
            cancel();
        }
        return true;
    }

    /** The request's handler runs in {@code owner}'s code. */
    public void runsIn(dev.jmcp.server.registry.Owner owner) {
        this.owner = owner;
    }

    /** The plugin the request's handler runs in; null when none was entered. */
    public dev.jmcp.server.registry.Owner owner() {
        return owner;
    }

    /** Whether {@link #stop} answered the request. */
    public boolean stopped() {
        return stopped;
    }

    /** A context for work tied to no request (a roots-changed listener): never cancelled. */
    static InFlight detached() {
        return new InFlight();
    }
}
