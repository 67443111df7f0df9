package dev.jmcp.plugin.testkit;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.transport.Session;
import dev.jmcp.server.transport.Connection;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A client connected to a server session in the same JVM: each message is encoded to JSON and parsed again on the
 * other side, as on a real wire (so a revision's wire shape is what is tested), and carried by one thread per
 * direction, which keeps each direction's order and never runs one side on the other's thread. Thread-safe.
 */
final class InMemoryPipe implements ClientTransport, Connection {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final McpServer server;
    private final ExecutorService toServer = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("jmcp-test-to-server").factory());
    private final ExecutorService toClient = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("jmcp-test-to-client").factory());
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Session session;
    private volatile Inbound inbound;

    InMemoryPipe(McpServer server) {
        this.server = server;
    }

    @Override
    public void start(Inbound inbound) {
        this.inbound = inbound;
        this.session = server.openSession(this);
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        if (closed.get()) throw new IOException("the in-memory connection to the server is closed");
        byte[] bytes = CODEC.encode(message);
        toServer.execute(() -> session.receive(bytes, 0, bytes.length));
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (closed.get()) return;
        deliver(CODEC.encode(message));
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        if (closed.get()) return;
        deliver(CODEC.encodeBatch(responses));
    }

    private void deliver(byte[] bytes) {
        try {
            toClient.execute(() -> {
                Object tree;
                try {
                    tree = CODEC.parse(bytes);
                    List<?> items = tree instanceof List<?> batch ? batch : List.of(tree);
                    for (Object item : items) inbound.message(CODEC.toMessage(item));
                } catch (JsonRpcException e) {
                    inbound.closed(new IOException("the server sent something that is not a JSON-RPC message: "
                            + e.getMessage(), e));
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closed meanwhile: the client is gone, and there is nobody to tell.
        }
    }

    @Override
    public String describe() {
        return "the in-process jmcp server";
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        toServer.shutdown();
        try {
            toServer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Session open = session;
        if (open != null) open.close();
        toClient.shutdown();
    }
}
