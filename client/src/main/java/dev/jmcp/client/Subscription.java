package dev.jmcp.client;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One open {@code subscriptions/listen} stream of a 2026-07-28 conversation ({@link McpClient#listen}): the server
 * sends the notifications its filter names ({@code toolsListChanged}, {@code promptsListChanged},
 * {@code resourcesListChanged}, {@code resourceSubscriptions}) until {@link #close} ends it (HTTP: the stream is
 * closed; stdio: {@code notifications/cancelled}) or the server does. Each notification reaches the consumer given to
 * {@code listen}, and the client's notification listener, in order on the client's delivery thread; it also makes
 * what the client cached of the changed list or resource stale. Thread-safe.
 */
public final class Subscription implements AutoCloseable {
    private final long id;
    private final Consumer<ServerNotification> consumer;
    private final CompletableFuture<Map<String, Object>> acknowledged = new CompletableFuture<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile Thread listener;

    Subscription(long id, Consumer<ServerNotification> consumer) {
        this.id = id;
        this.consumer = consumer;
    }

    /** The id the server tags this subscription's notifications with: its {@code subscriptions/listen} request id. */
    public long id() {
        return id;
    }

    /**
     * What the server agreed to send ({@code notifications} of its acknowledgment): the filter asked for, less the
     * kinds it does not support.
     */
    public Map<String, Object> acknowledged() {
        return acknowledged.getNow(Map.of());
    }

    /** True until the subscription ended: closed here, ended by the server, or its connection lost. */
    public boolean isOpen() {
        return !ended.isDone();
    }

    /** Ends the subscription and waits (briefly) until its stream is gone. Idempotent. */
    @Override
    public void close() {
        Thread thread = listener;
        if (thread != null && !ended.isDone()) thread.interrupt();
        try {
            ended.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // ended anyhow, or gone quiet: nothing more to do
        }
    }

    void listener(Thread thread) {
        this.listener = thread;
    }

    CompletableFuture<Map<String, Object>> acknowledgement() {
        return acknowledged;
    }

    void deliver(ServerNotification notification) {
        if (consumer != null) consumer.accept(notification);
    }

    void ended() {
        ended.complete(null);
    }
}
