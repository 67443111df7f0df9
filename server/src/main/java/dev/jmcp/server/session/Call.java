package dev.jmcp.server.session;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;

import java.util.Optional;
import java.util.function.Function;

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

    /**
     * What this call runs on, its plugin entered ({@link Owner#enter}; the caller exits it when done): {@code find}
     * looks in the snapshot the call saw, and when a reload has closed that snapshot's plugin since, once more in the
     * current snapshot, which holds the plugin's successor. So a call that meets a reload runs on the new version of the
     * plugin, whatever it calls (a tool, a prompt, a resource, a completion). Empty when the entry is in neither
     * snapshot (the plugin was removed).
     *
     * @param kind and {@code name}: what is called, for the error, as in "Prompt 'greet'"
     * @throws JsonRpcException -32603 when the plugin is closing and no successor has been published yet, or the
     *                          successor was closed as well before the call could enter it: the client may try again
     */
    public <E> Optional<E> enter(Function<Registry, Optional<E>> find, Function<? super E, Owner> owner, String kind,
                                 String name) {
        Optional<E> seen = find.apply(registry);
        if (seen.isEmpty() || owner.apply(seen.get()).enter()) return seen;
        Registry current = host().registry();
        if (current != registry) {
            Optional<E> successor = find.apply(current);
            if (successor.isEmpty() || owner.apply(successor.get()).enter()) return successor;
        }
        throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, kind + " '" + name + "' is being reloaded; try again");
    }

    /** The stateful session; only the methods the stateless revision removed (subscribe, setLevel) ask for it. */
    public ServerSession session() {
        if (caller instanceof ServerSession session) return session;
        throw new IllegalStateException(version().wire() + " has no session");
    }
}
