package dev.jmcp.server.transport;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

/**
 * One client's session on a transport of one's own: the transport hands it each message it reads, and the server
 * writes back through the {@link Connection} the session was opened with ({@code McpServer.openSession}). The
 * transport owns it and closes it when the client is gone. Thread-safe: messages may be handed in from any thread;
 * each request is answered from a thread of its own.
 */
public interface Session extends AutoCloseable {

    /**
     * Reads one framed message (one JSON-RPC message or batch, as bytes): answers a parse error or an invalid message
     * with the JSON-RPC error the specification names, and serves the rest. Returns at once.
     */
    void receive(byte[] bytes, int offset, int length);

    /** Serves one decoded message. Returns at once; a request is answered from its own thread. */
    void receive(JsonRpcMessage message);

    /**
     * The client can send nothing more: requests waiting on its answers fail now, while requests in flight go on to
     * their end.
     */
    void inputEnded();

    /** Ends the session: requests to the client fail, requests still running are cancelled. */
    @Override
    void close();
}
