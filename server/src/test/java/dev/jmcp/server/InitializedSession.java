package dev.jmcp.server;

import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.session.ServerSession;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * A real engine with the real method table over {@link TestContributions}, and one stateful session on a
 * {@link MemoryConnection}, already initialized: how the tests of answers and bounds start. Closing closes the session.
 */
final class InitializedSession implements AutoCloseable {
    final TestContributions plugins = new TestContributions();
    final MemoryConnection client = new MemoryConnection();
    final Engine engine;
    final ServerSession session;

    /**
     * @param maxMessageBytes the largest message (and the bound on a connection's held batch answers, four of them)
     * @param maxPending      the requests a session may have in flight
     * @param extraTools      tools {@link TestContributions#contribution(int)} adds
     * @param version         the protocol revision to initialize at
     */
    InitializedSession(String name, int maxMessageBytes, int maxPending, int extraTools, String version)
            throws InterruptedException {
        this(name, maxMessageBytes, maxPending, null, extraTools, version);
    }

    /** A session with the default bounds over the snapshots {@code registry} gives, each time one is asked for. */
    InitializedSession(String name, Supplier<Registry> registry, String version) throws InterruptedException {
        this(name, ServerOptions.DEFAULT_MAX_MESSAGE_BYTES, ServerOptions.DEFAULT_MAX_PENDING_REQUESTS, registry, 0,
                version);
    }

    private InitializedSession(String name, int maxMessageBytes, int maxPending, Supplier<Registry> registry,
                               int extraTools, String version) throws InterruptedException {
        var options = new ServerOptions(name, "1", Path.of("unused"), 100, maxMessageBytes, maxPending,
                ServerOptions.DEFAULT_RELOAD_SETTLE);
        Registry fixed = registry == null ? Registry.of(List.of(plugins.contribution(extraTools))) : null;
        engine = new Engine(options, registry == null ? () -> fixed : registry, Methods.table(options));
        session = engine.openSession(client);
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + version + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"" + name + "\",\"version\":\"1\"}}}");
        var answer = client.nextObject();
        if (!answer.containsKey("result")) throw new AssertionError("initialize was refused: " + answer);
    }

    /** Sends one line to the session, as a transport would. */
    void send(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    @Override
    public void close() {
        session.close();
    }
}
