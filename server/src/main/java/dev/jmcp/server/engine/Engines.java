package dev.jmcp.server.engine;

import java.util.Objects;
import java.util.function.Function;

/**
 * How jmcp's own modules reach the engine of a {@code McpServer} they serve (the HTTP transport's
 * {@code HttpTransport(McpServer, HttpOptions)}): {@code McpServer} hands in, once, how its engine is read, and
 * {@link #of} reads it. This package is exported to those modules alone, so no embedder reaches an engine, and no
 * reflection opens the server's root package. The server is typed {@code Object} here because this package must not
 * depend on the root one (no package cycles). Thread-safe.
 */
public final class Engines {
    private static volatile Function<Object, Engine> reader;

    private Engines() {
    }

    /** Called once, by {@code McpServer} as its class is initialized: how a server's engine is read. */
    public static synchronized void reader(Function<Object, Engine> read) {
        if (reader != null) throw new IllegalStateException("the engine reader is set already");
        reader = Objects.requireNonNull(read, "read");
    }

    /** The engine of {@code server}, a {@code McpServer}. */
    public static Engine of(Object server) {
        Objects.requireNonNull(server, "server");
        Function<Object, Engine> read = reader;
        // A McpServer exists, so its class is initialized and has set the reader.
        if (read == null) throw new IllegalStateException("no McpServer class has set the engine reader");
        return read.apply(server);
    }
}
