package dev.jmcp.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The first load of a server's plugins folder, on a thread of its own ({@link McpServer#startInBackground}). From the
 * moment it is made, requests that need the plugins wait for it; it begins at {@link #begin} (or never, after
 * {@link #abandon}) and ends loaded or failed, and then the waiting requests go on. The server owns it; whoever
 * started it may wait for its end or be told of its failure. Thread-safe.
 */
public final class PluginLoad {
    private final Runnable load;
    private final Runnable ready;
    /** Completes (never exceptionally) when the load has ended, loaded or failed. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final List<Consumer<Throwable>> failureListeners = new ArrayList<>();
    private boolean settled;
    private boolean begun;
    private Throwable failure;

    /** {@code load} loads the folder (and throws when it cannot); {@code ready} lets the waiting requests go on. */
    PluginLoad(Runnable load, Runnable ready) {
        this.load = load;
        this.ready = ready;
    }

    /** Begins the load on a thread of its own, and returns at once. Only the first call of this or abandon counts. */
    public void begin() {
        synchronized (this) {
            if (settled) return;
            settled = true;
            begun = true;
        }
        Thread.ofPlatform().name("jmcp-plugins-start").start(() -> {
            Throwable failed = null;
            try {
                load.run();
            } catch (Throwable e) {
                failed = e;
            }
            // Ready first, so that whoever the end wakes finds the server ready.
            ready.run();
            end(failed);
        });
    }

    /**
     * The load will not begin (the transport it waited for could not start, say): the waiting requests go on and see
     * no plugin, and the load ends failed with {@code why}. Only the first call of this or begin counts.
     */
    public void abandon(Throwable why) {
        synchronized (this) {
            if (settled) return;
            settled = true;
        }
        ready.run();
        end(why);
    }

    /** Waits at most {@code timeout} for the load to end, loaded or failed; true when it has. */
    public boolean await(Duration timeout) throws InterruptedException {
        try {
            ended.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the load's end never completes exceptionally", e);
        }
    }

    /** Whether the load has ended, loaded or failed. */
    public boolean ended() {
        return ended.isDone();
    }

    /** Why the load failed; empty while it runs and once it loaded. */
    public synchronized Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * Calls {@code listener} with why the load failed, once it fails: on the loading thread, or at once when it
     * already has. Never called when the load succeeds.
     */
    public void onFailure(Consumer<Throwable> listener) {
        Throwable failed;
        synchronized (this) {
            if (!ended.isDone()) {
                failureListeners.add(listener);
                return;
            }
            failed = failure;
        }
        if (failed != null) listener.accept(failed);
    }

    /** Waits for the load's end if it began: a server closes its plugins only after their first load. */
    void awaitIfBegun() {
        synchronized (this) {
            if (!begun) return;
        }
        ended.join(); // waits on through an interruption, and keeps the thread's interrupt status
    }

    private void end(Throwable failed) {
        List<Consumer<Throwable>> toTell;
        synchronized (this) {
            failure = failed;
            ended.complete(null);
            toTell = List.copyOf(failureListeners);
            failureListeners.clear();
        }
        if (failed != null) toTell.forEach(listener -> listener.accept(failed));
    }
}
