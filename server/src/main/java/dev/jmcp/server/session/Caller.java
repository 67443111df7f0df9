package dev.jmcp.server.session;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;

/**
 * Who a request comes from, as the features see it: a stateful {@link ServerSession}, or one stateless 2026-07-28
 * request that carries everything about its client itself ({@code dev.jmcp.server.stateless.StatelessCaller}). The
 * features serve both alike through this. (Not sealed: the two live in different packages, and the tests run on the
 * class path, where a sealed type's subclasses must share its package.)
 */
public interface Caller {

    ProtocolVersion version();

    /** The engine serving the request. */
    Host host();

    /** The context a plugin's handler gets for request {@code id}. */
    RequestContext context(RequestId id, Params params, Owner owner, InFlight inFlight);
}
