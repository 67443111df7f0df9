package dev.jmcp.client.transport;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.IOException;

/**
 * Where a {@link ClientTransport} hands what it receives. Implemented by the client's session; called from the
 * transport's threads, possibly several at once, so implementations are thread-safe and return quickly.
 */
public interface Inbound {

    /** A message from the server. */
    void message(JsonRpcMessage message);

    /**
     * A message from the server that came with this client's request {@code relatedTo} (Streamable HTTP sends a
     * request's notifications and the server's own requests about it on that request's stream). By default the same
     * as {@link #message(JsonRpcMessage)}.
     */
    default void message(JsonRpcMessage message, RequestId relatedTo) {
        message(message);
    }

    /** The exchange carrying {@code request} failed; its answer will not come. */
    void requestFailed(RequestId request, IOException cause);

    /** The connection ended: {@code cause} says why (the server exited, wrote garbage, ended the session). */
    void closed(IOException cause);
}
