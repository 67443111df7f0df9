package dev.jmcp.server.session;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;

/**
 * One request being served: its session, id, params and the registry snapshot it sees. Handlers make the
 * {@link CallContext} for the plugin they call with {@link #context(Owner)}.
 */
public record Call(ServerSession session, RequestId id, Params params, Registry registry, InFlight inFlight) {

    public ProtocolVersion version() {
        return session.version();
    }

    public CallContext context(Owner owner) {
        return new CallContext(session, id, params.progressToken(), owner.config(), inFlight);
    }

    public Engine engine() {
        return session.engine();
    }
}
