package dev.jmcp.server.session;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.server.transport.Connection;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gathers the responses to one JSON-RPC batch and sends them as one array once every request in it is answered (or
 * cancelled, which answers nothing). The answers it holds meanwhile count in the session's {@code held}, which bounds
 * them with the requests in flight: a batch whose slowest request keeps its answered ones in memory cannot be followed
 * by more and more such batches.
 *
 * <p>Each answer is held encoded (its result's objects are let go at once) and its bytes count in the session's
 * {@code heldBytes}, which may not pass {@code maxHeldBytes}: an answer that would pass it is replaced by a -32603
 * error for the same request saying so, so what a connection's unfinished batches hold stays bounded in bytes too
 * (a thousand 1 MiB answers would otherwise wait in memory for the batch's slowest call). Thread-safe.
 */
final class BatchCollector {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final Connection connection;
    private final List<byte[]> answers = new ArrayList<>();
    private final AtomicInteger held;
    private final AtomicLong heldBytes;
    private final long maxHeldBytes;
    private long bytes;
    private int outstanding;

    BatchCollector(Connection connection, int expected, AtomicInteger held, AtomicLong heldBytes, long maxHeldBytes) {
        this.connection = connection;
        this.outstanding = expected;
        this.held = held;
        this.heldBytes = heldBytes;
        this.maxHeldBytes = maxHeldBytes;
    }

    void add(JsonRpcMessage response) {
        byte[] encoded = CODEC.encode(response);
        if (heldBytes.addAndGet(encoded.length) > maxHeldBytes) {
            heldBytes.addAndGet(-encoded.length);
            encoded = CODEC.encode(tooMuch(response, encoded.length));
            heldBytes.addAndGet(encoded.length);
        }
        List<byte[]> done = null;
        long doneBytes = 0;
        synchronized (this) {
            answers.add(encoded);
            bytes += encoded.length;
            held.incrementAndGet();
            if (--outstanding == 0) {
                done = List.copyOf(answers);
                doneBytes = bytes;
            }
        }
        send(done, doneBytes);
    }

    void skip() {
        List<byte[]> done = null;
        long doneBytes = 0;
        synchronized (this) {
            if (--outstanding == 0 && !answers.isEmpty()) {
                done = List.copyOf(answers);
                doneBytes = bytes;
            }
        }
        send(done, doneBytes);
    }

    private JsonRpcMessage tooMuch(JsonRpcMessage response, int size) {
        var id = response instanceof JsonRpcAnswer answer ? answer.id() : null;
        return new JsonRpcErrorResponse(id, new JsonRpcError(ErrorCodes.INTERNAL_ERROR, "Internal error: the answer ("
                + size + " bytes) would make the answers waiting for the rest of their batch pass " + maxHeldBytes
                + " bytes, the most one connection holds (4 times --max-message-size); send this request on its own"
                + " or in a smaller batch"));
    }

    private void send(List<byte[]> done, long doneBytes) {
        if (done == null) return;
        try {
            connection.sendEncodedBatch(done);
        } finally {
            held.addAndGet(-done.size());
            heldBytes.addAndGet(-doneBytes);
        }
    }
}
