package dev.jmcp.server.state;

import java.security.SecureRandom;
import java.util.List;

/**
 * The request-state key of an instance that shares no state ({@link SharedState#LOCAL}), made on first use: a server
 * that never signs a request state never starts the secure random generator (about 7 ms of a start).
 */
final class LocalStateKey {
    static final List<byte[]> KEYS;

    static {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        KEYS = List.of(key);
    }

    private LocalStateKey() {
    }
}
