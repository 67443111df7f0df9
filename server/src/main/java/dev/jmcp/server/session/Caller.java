package dev.jmcp.server.session;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;

/**
 * Who a request comes from, as the features see it: a stateful {@link ServerSession}, or one stateless 2026-07-28
 * request that carries everything about its client itself. The features serve both alike through this.
 */
public sealed interface Caller permits ServerSession, StatelessCaller {

    ProtocolVersion version();

    Engine engine();

    /** The context a plugin's handler gets for request {@code id}. */
    RequestContext context(RequestId id, Params params, Owner owner, InFlight inFlight);
}
