package dev.jmcp.server.session;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;

/**
 * One request being served: who sent it, its id, params and the registry snapshot it sees, and the tool it runs when
 * whoever admitted it resolved that already ({@code tool}; null otherwise), so that it is looked up once. Handlers make
 * the context for the plugin they call with {@link #context(Owner)}.
 */
public record Call(Caller caller, RequestId id, Params params, Registry registry, InFlight inFlight,
                   dev.jmcp.server.registry.ToolEntry tool) {

    /** A call whose target nobody resolved yet. */
    public Call(Caller caller, RequestId id, Params params, Registry registry, InFlight inFlight) {
        this(caller, id, params, registry, inFlight, null);
    }

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
