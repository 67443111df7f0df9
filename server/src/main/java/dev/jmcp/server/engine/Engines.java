package dev.jmcp.server.engine;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * How jmcp's own modules reach the engine of a {@code McpServer} they serve (the HTTP transport's
 * {@code HttpTransport(McpServer, HttpOptions)}): {@code McpServer} hands in, once, how its engine is read, and
 * {@link #of} reads it. This package is exported to those modules alone, so no embedder reaches an engine, and no
 * reflection opens the server's root package. The server is typed {@code Object} here because this package must not
 * depend on the root one (no package cycles). Thread-safe.
 */
public final class Engines {
    /** By the server's class: one per class loader that loaded {@code McpServer} (tests may load it twice). */
    private static final Map<Class<?>, Function<Object, Engine>> READERS = new ConcurrentHashMap<>();

    private Engines() {
    }

    /** Called once, by {@code McpServer} as its class is initialized: how a server of {@code type} is read. */
    public static void reader(Class<?> type, Function<Object, Engine> read) {
        Objects.requireNonNull(read, "read");
        if (READERS.putIfAbsent(type, read) != null) {
            throw new IllegalStateException("the engine reader of " + type.getName() + " is set already");
        }
    }

    /** The engine of {@code server}, a {@code McpServer}. */
    public static Engine of(Object server) {
        // A McpServer exists, so its class is initialized and has set its reader.
        Function<Object, Engine> read = READERS.get(server.getClass());
        if (read == null) throw new IllegalArgumentException("not a server with an engine: " + server.getClass());
        return read.apply(server);
    }
}
