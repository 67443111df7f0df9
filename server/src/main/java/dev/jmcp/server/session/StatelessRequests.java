package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;

/**
 * The engine's side of the stateless revision (2026-07-28): every request carries its revision, client and
 * capabilities in {@code params._meta}; there is no session. A transport checks a request in the order the revision
 * prescribes — {@link #envelope} (-32602 when {@code _meta} lacks what it must hold), its own header checks,
 * {@link #checkVersion} (-32022), then {@link #serve}, which answers -32601 for methods the revision does not have and
 * -32021 when serving needs a client capability this request did not declare. Thread-safe.
 */
public final class StatelessRequests {
    private final Engine engine;

    StatelessRequests(Engine engine) {
        this.engine = engine;
    }

    /** Reads {@code params._meta}; throws a -32602 {@code JsonRpcException} naming what is missing or malformed. */
    public StatelessEnvelope envelope(JsonRpcRequest request) {
        throw new UnsupportedOperationException("TODO(engine)");
    }

    /** Throws a -32022 {@code JsonRpcException} (data: supported, requested) when the revision is not served. */
    public void checkVersion(StatelessEnvelope envelope) {
        throw new UnsupportedOperationException("TODO(engine)");
    }

    /**
     * Serves {@code request} on its own virtual thread and returns at once; its messages go to {@code reply}, the
     * response last (none for a cancelled call; a {@code subscriptions/listen} stream until cancelled).
     */
    public StatelessCall serve(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply) {
        throw new UnsupportedOperationException("TODO(engine)");
    }
}
