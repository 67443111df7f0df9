package dev.jmcp.server.http;

import dev.jmcp.protocol.json.InvalidMessageException;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.session.Admission;
import dev.jmcp.server.session.InFlight;
import dev.jmcp.server.session.Pipeline;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.session.ServedNotification;
import dev.jmcp.server.stateless.StatelessRequests;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * The stateless wire (revision 2026-07-28) of the MCP endpoint: each POST is one request, answered on its own
 * response. The {@link StreamableEndpoint} has already checked the media types and size, parsed the body and let
 * {@link WireRoute} pick this wire; here the request is checked in the order the conformance suite probes (each
 * failure a 400 echoing the request id): a single request; its {@code _meta} envelope (-32602);
 * {@code MCP-Protocol-Version} equal to the envelope's revision (-32020); a served revision (-32022);
 * {@code Mcp-Method} and {@code Mcp-Name} equal to the body (-32020). Then it is admitted by the engine's one
 * {@link Admission} of stateless requests (past its bound, -32000 "Server busy", with 503) and served through the
 * pipeline; a {@link StatelessExchange} writes what the engine sends. Thread-safe and stateless itself.
 */
final class StatelessEndpoint {
    private static final Logger log = LoggerFactory.getLogger(StatelessEndpoint.class);
    /** Refusals for a limit reached come in floods: one WARN line a minute for each. */
    private final RepeatedLines refusals = new RepeatedLines(log);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final StatelessRequests engine;
    /** The one admission of this transport's stateless requests: the engine's, which counts and stops them. */
    private final Admission admission;
    private final StatelessExchanges calls;

    StatelessEndpoint(StatelessRequests engine, Admission admission, StatelessExchanges calls) {
        this.engine = engine;
        this.admission = admission;
        this.calls = calls;
    }

    /** Serves a parsed POST body routed to the stateless wire. */
    void post(Object tree, Request request, Response response, Callback callback) {
        if (tree instanceof List<?>) {
            refuse(response, callback, null, new JsonRpcError(ErrorCodes.INVALID_REQUEST,
                    "Invalid request: batches are not part of revision 2026-07-28; POST one request at a time"));
            return;
        }
        JsonRpcMessage message;
        try {
            message = CODEC.toMessage(tree);
        } catch (InvalidMessageException e) {
            refuse(response, callback, e.id(), e.toError());
            return;
        }
        if (!(message instanceof JsonRpcRequest r)) {
            refuse(response, callback, null, new JsonRpcError(ErrorCodes.INVALID_REQUEST, notARequest(message)));
            return;
        }
        HttpFields headers = request.getHeaders();
        Pipeline.Wire wire;
        try {
            wire = engine.admit(r, envelope -> {
                // "The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request
                // body's _meta. If the values do not match, the server MUST reject the request with 400 Bad Request
                // and a HeaderMismatch JSON-RPC error."
                String version = headers.get(StreamableEndpoint.VERSION_HEADER);
                if (version == null || !version.strip().equals(envelope.protocolVersion())) {
                    throw new JsonRpcException(ErrorCodes.HEADER_MISMATCH, version == null
                            ? "Header mismatch: the " + StreamableEndpoint.VERSION_HEADER + " header is missing; send "
                                    + StreamableEndpoint.VERSION_HEADER + ": " + envelope.protocolVersion()
                            : "Header mismatch: " + StreamableEndpoint.VERSION_HEADER + " header value '"
                                    + version.strip() + "' does not match _meta protocolVersion '"
                                    + envelope.protocolVersion() + "'", null);
                }
            });
        } catch (JsonRpcException e) {
            refuse(response, callback, r.id(), e.toError());
            return;
        }
        ServedMethod method = engine.method(r.method());
        String mismatch = StatelessHeaders.repeated(headers);
        if (mismatch == null) {
            mismatch = StatelessHeaders.mismatch(headers.get(StatelessHeaders.METHOD), headers.get(StatelessHeaders.NAME),
                    r, method);
        }
        if (mismatch == null && method != null && method.target() == Target.TOOL
                && Target.TOOL.in(r.params()) instanceof String toolName) {
            @SuppressWarnings("unchecked")
            var arguments = r.params().get("arguments") instanceof Map<?, ?> a ? (Map<String, Object>) a : Map.<String, Object>of();
            mismatch = engine.tool(wire, toolName)
                    .map(tool -> StatelessHeaders.paramMismatch(headers::get, tool.inputSchema(), arguments))
                    .orElse(null);
        }
        if (mismatch != null) {
            refuse(response, callback, r.id(), new JsonRpcError(ErrorCodes.HEADER_MISMATCH, mismatch));
            return;
        }
        var exchange = new StatelessExchange(r.id(), new ResponseChannel(request, response, callback), calls);
        // Kept before it is admitted: a call may end before admit returns, and its end must find it.
        calls.add(exchange, method != null && method.is(ServedMethod.Trait.STREAMS));
        InFlight admitted;
        try {
            admitted = admission.admit(r, method, wire, exchange::send, exchange::done);
        } catch (RuntimeException | Error e) {
            calls.ended(exchange);
            throw e;
        }
        if (admitted == null) {
            // Answered "Server busy" (503) by the admission, as every wire is past its bound.
            calls.ended(exchange);
            refusals.warn("refused a stateless request: " + admission.limit()
                    + " stateless requests are being answered, the limit");
            return;
        }
        exchange.attach(() -> admission.cancel(admitted, "its client closed the response"));
    }

    /**
     * A GET or DELETE on the stateless wire. "A server that supports only this revision and receives such traffic
     * from an older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with 405 Method
     * Not Allowed."
     */
    void refuseBodiless(Request request, Response response, Callback callback) {
        response.getHeaders().put(HttpHeader.ALLOW, "POST");
        ErrorReplies.refuse(request, response, callback, 405, ErrorCodes.INVALID_REQUEST, "Method not allowed: revision "
                + "2026-07-28 has no " + request.getMethod() + " on the MCP endpoint; POST each request, and open a "
                + "subscriptions/listen request for change notifications");
    }

    /** The refusal of a message that is not a request; a notification's row may say what to do instead. */
    private String notARequest(JsonRpcMessage message) {
        return switch (message) {
            case JsonRpcNotification n when engine.notification(n.method()) instanceof ServedNotification row
                    && row.statelessInstead() != null ->
                    "Invalid request: revision 2026-07-28 over HTTP has no " + row.name() + "; "
                            + row.statelessInstead();
            case JsonRpcNotification n ->
                    "Invalid request: revision 2026-07-28 over HTTP takes no notifications from the client ('"
                            + n.method() + "'); POST a request";
            case JsonRpcResponse ignored ->
                    "Invalid request: clients send no responses in revision 2026-07-28; POST a request";
            case JsonRpcErrorResponse ignored ->
                    "Invalid request: clients send no responses in revision 2026-07-28; POST a request";
            case JsonRpcRequest ignored -> throw new IllegalArgumentException("a request");
        };
    }

    /** A request refused before it is served: always a 4xx, whatever the code. */
    private static void refuse(Response response, Callback callback, RequestId id, JsonRpcError error) {
        int status = StatelessExchange.statusOf(error.code());
        ErrorReplies.send(response, callback, status < 400 ? 400 : status, id, error);
    }
}
