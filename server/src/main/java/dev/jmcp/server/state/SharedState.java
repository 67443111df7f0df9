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
     */
    List<byte[]> requestStateKeys();

    /** Tells the other instances of {@code event}; this instance has already delivered it to its own listeners. */
    void publish(SharedEvent event);

    /** Where events the other instances publish are delivered, from now on. */
    void onEvent(Consumer<SharedEvent> listener);

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
