package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers the responses to one JSON-RPC batch and sends them as one array once every request in it is answered (or
 * cancelled, which answers nothing). Thread-safe.
 */
final class BatchCollector {
    private final Connection connection;
    private final List<JsonRpcMessage> responses = new ArrayList<>();
    private int outstanding;

    BatchCollector(Connection connection, int expected) {
        this.connection = connection;
        this.outstanding = expected;
    }

    void add(JsonRpcMessage response) {
        List<JsonRpcMessage> done = null;
        synchronized (this) {
            responses.add(response);
            if (--outstanding == 0) done = List.copyOf(responses);
        }
        if (done != null) connection.sendBatch(done);
    }

    void skip() {
        List<JsonRpcMessage> done = null;
        synchronized (this) {
            if (--outstanding == 0 && !responses.isEmpty()) done = List.copyOf(responses);
        }
        if (done != null) connection.sendBatch(done);
    }
}
