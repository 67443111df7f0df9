package dev.jmcp.client.transport;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.IOException;

/**
 * Moves framed JSON-RPC messages between the client and one server, knowing nothing of MCP methods. The extension point
 * behind {@link dev.jmcp.client.McpClient}: the stdio and Streamable HTTP transports implement it, and a test or an
 * embedder may bring its own (an in-memory pipe, another wire).
 *
 * <p>The client that is given a transport owns it: it calls {@link #start} once, then {@link #send} from any thread,
 * then {@link #close} once. Implementations are thread-safe. Inbound messages are handed to the {@link Inbound} given
 * to {@code start}, from the transport's own threads.
 */
public interface ClientTransport extends AutoCloseable {

    /** Connects (starts the process, prepares the HTTP client) and begins handing inbound messages to {@code inbound}. */
    void start(Inbound inbound) throws IOException;

    /**
     * Sends one message. For a request the answer comes later through {@link Inbound#message}; a failure that
     * concerns only that request may come through {@link Inbound#requestFailed}.
     *
     * @throws IOException when the message could not be handed to the server
     */
    void send(JsonRpcMessage message) throws IOException;

    /**
     * The revision the session agreed on, known before {@code notifications/initialized} is sent; for a stateless
     * revision, the one {@code server/discover} probes with. Null when that probe failed and the client goes back to
     * {@code initialize} with no revision yet.
     */
    default void negotiated(ProtocolVersion version) {
    }

    /** The session is open ({@code notifications/initialized} was sent): the server may now send on its own. */
    default void sessionStarted() {
    }

    /** The client no longer waits for the answer to {@code request} (cancelled or timed out): release what carries it. */
    default void abandon(RequestId request) {
    }

    /** What this transport talks to, for messages: a command line or a URL. */
    String describe();

    /** Disconnects, waiting a bounded time. Idempotent; never throws. */
    @Override
    void close();
}
