package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * The answer to one POSTed JSON-RPC batch (2025-03-26 only): the engine's array of responses as one
 * {@code application/json} body, or the single error with which it refuses the whole batch (HTTP 400). Thread-safe
 * through {@link ResponseChannel}.
 */
final class BatchExchange {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final Set<RequestId> requests;
    private final ResponseChannel channel;

    BatchExchange(Set<RequestId> requests, ResponseChannel channel) {
        this.requests = requests;
        this.channel = channel;
    }

    Set<RequestId> requests() {
        return requests;
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    void deliverBatch(List<JsonRpcMessage> responses) {
        var out = new ByteArrayOutputStream(256 * responses.size());
        try {
            CODEC.writeBatch(responses, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        channel.complete(200, MediaTypes.JSON, out.toByteArray());
    }

    /** The engine refused the batch as a whole (one error response with no id). */
    void deliverRefusal(JsonRpcMessage error) {
        channel.complete(400, MediaTypes.JSON, CODEC.encode(error));
    }

    /** Nothing to answer (only notifications and responses), or nothing more will come. */
    void accepted() {
        channel.complete(202, null, null);
    }
}
