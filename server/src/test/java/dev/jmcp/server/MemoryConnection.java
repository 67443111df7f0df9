package dev.jmcp.server;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.transport.Connection;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A connection whose messages land in a queue, as parsed JSON trees, exactly as a client would read them. */
final class MemoryConnection implements Connection {
    private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        received.add(JsonCodec.shared().parse(JsonCodec.shared().encode(message)));
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        received.add(JsonCodec.shared().parse(JsonCodec.shared().encodeBatch(responses)));
    }

    /** The next message, waiting at most 10 s. */
    Object next() throws InterruptedException {
        Object message = received.poll(10, TimeUnit.SECONDS);
        if (message == null) throw new AssertionError("no message from the server within 10 s");
        return message;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> nextObject() throws InterruptedException {
        return (Map<String, Object>) next();
    }

    /** Gives {@code session} the client's message {@code json}, as the bytes a transport reads. */
    static void deliver(ServerSession session, String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    /** Nothing more arrives within {@code millis}. */
    Object poll(long millis) throws InterruptedException {
        return received.poll(millis, TimeUnit.MILLISECONDS);
    }
}
