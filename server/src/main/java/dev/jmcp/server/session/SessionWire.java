package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.server.registry.Registry;

import java.util.function.Consumer;

/**
 * The stateful wire (2024-11-05 … 2025-11-25) as the {@link Pipeline} runs it for one {@link ServerSession}: a
 * method the stateful revisions lack is -32601; any other is answered by its handler with the session as the caller.
 * Thread-safe.
 */
final class SessionWire implements Pipeline.Wire {
    private final ServerSession session;

    SessionWire(ServerSession session) {
        this.session = session;
    }

    @Override
    public String revision() {
        return session.version().toString();
    }

    @Override
    public String session() {
        return session.id();
    }

    @Override
    public JsonRpcMessage refusal(JsonRpcRequest request, ServedMethod method) {
        if (method != null && method.wires().stateful()) return null;
        return new JsonRpcErrorResponse(request.id(), new JsonRpcError(ErrorCodes.METHOD_NOT_FOUND, "Method not found: "
                + request.method() + (method == null ? "" : " (it belongs to 2026-07-28, which has no session; this "
                + "session speaks " + session.version().wire() + ")")));
    }

    @Override
    public JsonRpcMessage run(JsonRpcRequest request, ServedMethod method, InFlight work,
                              Consumer<JsonRpcMessage> send) throws Exception {
        var params = new Params(request.method(), request.params());
        // initialize and ping read nothing plugins serve: they are answered while the plugins' first load still runs.
        Registry registry = method.is(ServedMethod.Trait.BEFORE_INIT) ? Registry.EMPTY : session.host().registry();
        Object result = method.handler().handle(new Call(session, request.id(), params, registry, work));
        return new JsonRpcResponse(request.id(), result);
    }
}
