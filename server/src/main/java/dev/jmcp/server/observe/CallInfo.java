package dev.jmcp.server.observe;

import dev.jmcp.protocol.jsonrpc.RequestId;

import java.util.Map;

/**
 * A request as the dispatcher is about to run it.
 *
 * @param method    the JSON-RPC method, {@code tools/call} say
 * @param kind      what {@code target} is, as the method's row of the method table says; {@code null} when
 *                  {@code target} is
 * @param target    what the request names: the tool or prompt name, the resource URI; {@code null} for methods that
 *                  name none
 * @param id        the request's JSON-RPC id
 * @param revision  the protocol revision the request speaks, {@code 2025-11-25} say
 * @param session   the stateful session's id, {@code null} on the stateless revision
 * @param meta      the request's {@code params._meta} (where a client passes {@code traceparent}), empty when absent
 * @param startNanos {@link System#nanoTime()} when the request was admitted
 * @param caller    who sent it as authorization verified it: the token's subject or the API key's name; {@code null}
 *                  when nothing was verified (stdio, an open server)
 * @param address   the client's network address over HTTP, {@code null} over stdio
 * @param via       the meta tool the client called to run {@code target}: {@code call_tool} when tool search is on
 *                  and the client called a tool through it ({@code target} is then the tool it ran); {@code null} for
 *                  a direct call
 */
public record CallInfo(String method, Target kind, String target, RequestId id, String revision, String session,
                       Map<String, Object> meta, long startNanos, String caller, String address, String via) {
    public CallInfo {
        meta = meta == null ? Map.of() : meta;
        if (target == null) kind = null;
    }

    /** A request sent directly (no meta tool in between). */
    public CallInfo(String method, Target kind, String target, RequestId id, String revision, String session,
                    Map<String, Object> meta, long startNanos, String caller, String address) {
        this(method, kind, target, id, revision, session, meta, startNanos, caller, address, null);
    }

    /** A request no one in particular sent (stdio, tests). */
    public CallInfo(String method, Target kind, String target, RequestId id, String revision, String session,
                    Map<String, Object> meta, long startNanos) {
        this(method, kind, target, id, revision, session, meta, startNanos, null, null, null);
    }

    /** The request's {@code params._meta}, empty when absent. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> metaOf(Map<String, Object> params) {
        return params != null && params.get("_meta") instanceof Map<?, ?> meta ? (Map<String, Object>) meta : Map.of();
    }
}
