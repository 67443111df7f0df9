package dev.jmcp.server.transport;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.util.List;

/**
 * The transport's side of a session: where the engine writes messages. Implemented by each transport; it only moves
 * framed messages. Implementations are thread-safe: many request threads send at once, and each message is written
 * whole. A send on a closed connection is dropped (the client is gone; there is nobody to tell).
 */
public interface Connection {

    /**
     * Sends one message. {@code relatedRequest} is the id of the client request this message belongs to (its
     * response, or a notification or request sent while serving it), or null when it is tied to no request; transports
     * that answer each request on its own stream use it to pick the stream.
     */
    void send(JsonRpcMessage message, RequestId relatedRequest);

    /** Sends the responses to one JSON-RPC batch as one array (2025-03-26). */
    void sendBatch(List<JsonRpcMessage> responses);

    /**
     * As {@link #sendBatch}, the responses already encoded, each one JSON text. Connections that write bytes write
     * them as they are; this default decodes them for {@link #sendBatch}.
     */
    default void sendEncodedBatch(List<byte[]> responses) {
        var codec = dev.jmcp.protocol.json.JsonCodec.shared();
        sendBatch(responses.stream().map(codec::decode).toList());
    }

    /**
     * Closes the connection carrying the stream of {@code request}'s messages while the request goes on, so the client
     * resumes the stream and receives the rest there (SSE polling). False where there is no such connection.
     */
    default boolean closeStream(RequestId request) {
        return false;
    }

    /**
     * The client cancelled {@code request} ({@code notifications/cancelled}, after its handler was interrupted): a
     * transport that holds something open for the request's answer (an HTTP response) ends it now, since no answer will
     * come. Does nothing by default.
     */
    default void cancelled(RequestId request) {
    }
}
