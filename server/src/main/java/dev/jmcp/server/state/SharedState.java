package dev.jmcp.server.state;

import java.security.SecureRandom;
import java.util.List;
import java.util.function.Consumer;

/**
 * What instances of one server share. Implementations are thread-safe; {@link #publish} never blocks for long and
 * never throws (a store that is down loses the event for the other instances, and says so in the log).
 */
public interface SharedState extends AutoCloseable {
    /** One instance alone: a random key made now, no other instance to tell. */
    SharedState LOCAL = local();

    /**
     * The keys of {@code requestState}: the first signs, every one verifies (so a key can be rotated while calls
     * sealed with the previous one are still being retried).
     *
     * @throws SharedStateUnavailableException when the keys are agreed in a store that cannot be reached now
     */
    List<byte[]> requestStateKeys();

    /** Tells the other instances of {@code event}; this instance has already delivered it to its own listeners. */
    void publish(SharedEvent event);

    /** Where events the other instances publish are delivered, from now on. */
    void onEvent(Consumer<SharedEvent> listener);

    /**
     * Asks the instance that holds task {@code taskId} to serve {@code method} ({@code tasks/get}, {@code tasks/update},
     * {@code tasks/cancel}) with {@code params}: its answer, a JSON-RPC response tree ({@code result} or
     * {@code error}); empty when no instance holds the task (or, alone, always).
     */
    default java.util.Optional<java.util.Map<String, Object>> askTaskOwner(String taskId, String method,
                                                                         java.util.Map<String, Object> params) {
        return java.util.Optional.empty();
    }

    /**
     * How this instance answers the others' {@link #askTaskOwner} for the tasks it holds: {@code owner} returns the
     * response tree, or null when this instance does not hold the task.
     */
    default void serveTasks(TaskOwner owner) {
    }

    /**
     * Keeps what a client may still read of task {@code taskId} should this instance stop: {@code view}, its
     * {@code tasks/get} body, until {@code expiresAt}. Called when the task is created and when its status ends. Never
     * throws: a store that is down loses the record, and says so in the log.
     */
    default void recordTask(String taskId, java.util.Map<String, Object> view, java.time.Instant expiresAt) {
    }

    /**
     * The last view {@link #recordTask recorded} of task {@code taskId} when the instance that held it has stopped;
     * empty when none was recorded, when that instance still runs (it is the one to ask), or alone.
     */
    default java.util.Optional<java.util.Map<String, Object>> orphanedTask(String taskId) {
        return java.util.Optional.empty();
    }

    /** This instance's side of {@link #askTaskOwner}. */
    @FunctionalInterface
    interface TaskOwner {
        /** The response tree for {@code method} on task {@code taskId}, or null when this instance does not hold it. */
        java.util.Map<String, Object> serve(String taskId, String method, java.util.Map<String, Object> params);
    }

    @Override
    default void close() {
    }

    private static SharedState local() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        List<byte[]> keys = List.of(key);
        return new SharedState() {
            @Override
            public List<byte[]> requestStateKeys() {
                return keys;
            }

            @Override
            public void publish(SharedEvent event) {
            }

            @Override
            public void onEvent(Consumer<SharedEvent> listener) {
            }
        };
    }
}
