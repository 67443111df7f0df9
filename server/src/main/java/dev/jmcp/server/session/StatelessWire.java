package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;

import java.util.function.Consumer;

/**
 * The stateless revision (2026-07-28) as a stateful connection meets it: over stdio a client may send such requests
 * on the same stream, with no {@code initialize}, and the session hands each one on here. Implemented by the
 * stateless revision's package. Thread-safe.
 */
public interface StatelessWire {

    /** Whether {@code request} is a 2026-07-28 request: its {@code _meta} names a revision. */
    boolean carries(JsonRpcRequest request);

    /**
     * Reads and checks {@code request}'s envelope (revision, client, capabilities).
     *
     * @throws dev.jmcp.protocol.jsonrpc.JsonRpcException with the error the request is answered with
     */
    Admitted admit(JsonRpcRequest request);

    /** A request whose envelope was accepted, to be served once the session has admitted it too. */
    @FunctionalInterface
    interface Admitted {
        /**
         * Serves it: every message it produces goes to {@code send} (its response last), and {@code done} runs once
         * its handler has really ended.
         */
        void serve(InFlight work, Consumer<JsonRpcMessage> send, Runnable done);
    }
}
