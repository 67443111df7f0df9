package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;

/**
 * The stateless revision (2026-07-28) as a stateful connection meets it: over stdio a client may send such requests
 * on the same stream, with no {@code initialize}, and the session hands each one on here. Implemented by the
 * stateless revision's package. Thread-safe.
 */
public interface StatelessWire {

    /** Whether {@code request} is a 2026-07-28 request: its {@code _meta} names a revision. */
    boolean carries(JsonRpcRequest request);

    /**
     * Reads and checks {@code request}'s envelope (revision, client, capabilities): the wire it is checked and run
     * on, which the session admits as it admits its own requests.
     *
     * @throws dev.jmcp.protocol.jsonrpc.JsonRpcException with the error the request is answered with
     */
    Pipeline.Wire admit(JsonRpcRequest request);
}
