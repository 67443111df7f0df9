package dev.jmcp.server.session;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.state.SharedState;

import java.util.Map;

/**
 * What a stateful session, and every call served on either wire, needs from the engine that hosts them: the method
 * table, the registry, the options, the observers of calls, and the {@link Pipeline} every request is served through.
 * The engine ({@code dev.jmcp.server.engine.Engine}) implements it; this package and the stateless revision's depend
 * on this interface, never on the engine, which sits above both. Implementations are thread-safe.
 */
public interface Host {

    ServerOptions options();

    /** The registry as it is now (a hot reload replaces it). */
    Registry registry();

    MethodTable methods();

    /** The request method {@code name} as the table lists it; null when the server has none by that name. */
    default ServedMethod method(String name) {
        return methods().request(name);
    }

    /**
     * The tool a {@code tools/call} with {@code params} runs: its {@code name}, or with tool search on, the tool
     * {@code call_tool} names; null when the params name none.
     */
    default String calledTool(Map<String, Object> params) {
        return Target.TOOL.in(params);
    }

    /** What the server offers, as {@code version} names it: exactly what is implemented. */
    Map<String, Object> capabilities(ProtocolVersion version);

    /** The result of a successful {@code initialize} in {@code version}. */
    Object initializeResult(ProtocolVersion version);

    /** What this instance shares with the other instances of the same server; {@code SharedState.LOCAL} alone. */
    SharedState sharedState();

    /** Tells every listener subscribed to {@code uri} that it changed, here and on the other instances. */
    void resourceUpdated(String uri);

    /** Where a 2026-07-28 request that arrives on a stateful connection (stdio) is served. */
    StatelessWire statelessWire();

    /**
     * Why a name the registry lacks may be missing, for the error that says so: the plugins that failed to load (a
     * call may have waited for one of them), each with why; empty when none did.
     */
    default String missingBecause() {
        return "";
    }

    /** A stateful session ended: it no longer counts among the open ones. */
    void sessionClosed(ServerSession session);

    /**
     * Starts observing a request, on the thread about to run its handler; {@link CallSpan#NONE} (and nothing allocated)
     * when nobody observes. {@code method} is its row, as the pipeline looked it up (null: a method the server does not
     * serve). Its sender is whoever the transport says sent the message being received now.
     */
    CallSpan startCall(JsonRpcRequest request, ServedMethod method, String revision, String session);

    /**
     * As {@link #startCall(JsonRpcRequest, ServedMethod, String, String)}, for a request whose sender ({@code caller},
     * a subject, and {@code address}, either null) was captured when it was admitted.
     */
    CallSpan startCall(JsonRpcRequest request, ServedMethod method, String revision, String session, String caller,
                       String address);

    /** Ends {@code span} with the request's one answer ({@code null}: none was sent, the request was cancelled). */
    void endCall(CallSpan span, JsonRpcMessage response);

    /** The one way every request is served, whichever wire and transport brought it. */
    Pipeline pipeline();
}
