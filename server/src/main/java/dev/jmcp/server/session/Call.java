package dev.jmcp.server.session;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;

/**
 * One request being served: who sent it, its id, params and the registry snapshot it sees. Handlers make the context
 * for the plugin they call with {@link #context(Owner)}.
 */
public record Call(Caller caller, RequestId id, Params params, Registry registry, InFlight inFlight) {

    public ProtocolVersion version() {
        return caller.version();
    }

    public RequestContext context(Owner owner) {
        return caller.context(id, params, owner, inFlight);
    }

    public Host host() {
        return caller.host();
    }

    /** The stateful session; only the methods the stateless revision removed (subscribe, setLevel) ask for it. */
    public ServerSession session() {
        if (caller instanceof ServerSession session) return session;
        throw new IllegalStateException(version().wire() + " has no session");
    }
}
