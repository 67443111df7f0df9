package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Gathers the responses to one JSON-RPC batch and sends them as one array once every request in it is answered (or
 * cancelled, which answers nothing). The answers it holds meanwhile count in the session's {@code held}, which bounds
 * them with the requests in flight: a batch whose slowest request keeps its answered ones in memory cannot be followed
 * by more and more such batches. Thread-safe.
 */
final class BatchCollector {
    private final Connection connection;
    private final List<JsonRpcMessage> responses = new ArrayList<>();
    private final AtomicInteger held;
    private int outstanding;

    BatchCollector(Connection connection, int expected, AtomicInteger held) {
        this.connection = connection;
        this.outstanding = expected;
        this.held = held;
    }

    void add(JsonRpcMessage response) {
        List<JsonRpcMessage> done = null;
        synchronized (this) {
            responses.add(response);
            held.incrementAndGet();
            if (--outstanding == 0) done = List.copyOf(responses);
        }
        send(done);
    }

    void skip() {
        List<JsonRpcMessage> done = null;
        synchronized (this) {
            if (--outstanding == 0 && !responses.isEmpty()) done = List.copyOf(responses);
        }
        send(done);
    }

    private void send(List<JsonRpcMessage> done) {
        if (done == null) return;
        try {
            connection.sendBatch(done);
        } finally {
            held.addAndGet(-done.size());
        }
    }
}
