package dev.jmcp.bench.engine;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.transport.Connection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A connection that encodes each message the way the stdio connection does (under one lock, into a reused buffer)
 * and hands the encoded length to whoever waits for the answer to that request id, in the id's slot ({@code id %
 * slots}): one slot per client thread, each thread having at most one request in flight ({@link EchoCalls}).
 * Thread-safe.
 */
final class MemoryConnection implements Connection {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final ReentrantLock lock = new ReentrantLock();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(64 * 1024);
    private final List<BlockingQueue<Integer>> answers;
    private volatile boolean capture;
    private volatile String captured = "";

    MemoryConnection(int slots) {
        answers = java.util.stream.IntStream.range(0, slots)
                .mapToObj(i -> (BlockingQueue<Integer>) new ArrayBlockingQueue<Integer>(1)).toList();
    }

    @Override
    public void send(JsonRpcMessage message, RequestId related) {
        int length;
        lock.lock();
        try {
            buffer.reset();
            CODEC.write(message, buffer);
            buffer.write('\n');
            length = buffer.size();
            if (capture) captured = buffer.toString(java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.unlock();
        }
        if (related instanceof RequestId.Number n) answers.get((int) (n.value().longValue() % answers.size())).add(length);
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        throw new UnsupportedOperationException("the benchmark sends no batches");
    }

    /** Waits for the answer to request {@code id} (in slot {@code id % slots}), at most 10 s; returns its length. */
    int await(long id) throws InterruptedException {
        Integer length = answers.get((int) (id % answers.size())).poll(10, TimeUnit.SECONDS);
        if (length == null) throw new IllegalStateException("no answer to request " + id + " within 10 s");
        return length;
    }

    /** Whether to keep the text of the last message sent, for set-up checks (off on the measured path). */
    void capture(boolean on) {
        capture = on;
    }

    String captured() {
        return captured;
    }
}
