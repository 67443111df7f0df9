package dev.jmcp.client;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * An in-memory server for the client's own tests: answers {@code initialize} with the version asked for (or a fixed
 * one), answers other methods with the functions given to {@link #on} (a function returning null leaves the request
 * unanswered), and records every message the client sent. Its handlers run on a virtual thread per message, like a
 * real transport's reader. Thread-safe.
 */
final class ScriptedServer implements ClientTransport {
    private final Map<String, Function<JsonRpcRequest, JsonRpcMessage>> handlers = new ConcurrentHashMap<>();
    final BlockingQueue<JsonRpcMessage> received = new LinkedBlockingQueue<>();
    final List<JsonRpcMessage> all = new CopyOnWriteArrayList<>();
    final BlockingQueue<JsonRpcMessage> answersFromClient = new LinkedBlockingQueue<>();
    volatile Inbound inbound;
    volatile ProtocolVersion negotiated;
    volatile boolean closed;
    private volatile String answeredVersion;

    ScriptedServer answeringVersion(String version) {
        this.answeredVersion = version;
        return this;
    }

    ScriptedServer on(String method, Function<JsonRpcRequest, JsonRpcMessage> handler) {
        handlers.put(method, handler);
        return this;
    }

    static JsonRpcMessage result(JsonRpcRequest request, Object result) {
        return new JsonRpcResponse(request.id(), result);
    }

    @Override
    public void start(Inbound inbound) {
        this.inbound = inbound;
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        if (closed) throw new IOException("closed");
        received.add(message);
        all.add(message);
        switch (message) {
            case JsonRpcRequest r when r.method().equals("initialize") -> Thread.ofVirtual().start(() ->
                    inbound.message(new JsonRpcResponse(r.id(), Map.of(
                            "protocolVersion", answeredVersion != null ? answeredVersion : r.params().get("protocolVersion"),
                            "capabilities", Map.of("tools", Map.of()),
                            "serverInfo", Map.of("name", "scripted", "version", "1")))));
            case JsonRpcRequest r -> Thread.ofVirtual().start(() -> {
                var handler = handlers.get(r.method());
                JsonRpcMessage answer = handler == null ? result(r, Map.of()) : handler.apply(r);
                if (answer != null) inbound.message(answer);
            });
            case JsonRpcResponse r -> answersFromClient.add(r);
            case JsonRpcErrorResponse e -> answersFromClient.add(e);
            case JsonRpcNotification n -> {
            }
        }
    }

    /** The next notification of {@code method} the client sent, waiting at most five seconds. */
    JsonRpcNotification awaitNotification(String method) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            JsonRpcMessage m = received.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (m == null) throw new AssertionError("the client sent no " + method);
            if (m instanceof JsonRpcNotification n && n.method().equals(method)) return n;
        }
    }

    @Override
    public void negotiated(ProtocolVersion version) {
        negotiated = version;
    }

    @Override
    public String describe() {
        return "scripted";
    }

    @Override
    public void close() {
        closed = true;
    }
}
