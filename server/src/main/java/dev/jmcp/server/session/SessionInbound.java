package dev.jmcp.server.session;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.InvalidMessageException;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.transport.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * What comes in on one stateful session's connection, on its way to the pipeline: framed bytes parsed (a parse error
 * or an invalid message answered here), a batch taken apart, notifications and the client's answers handed on, and a
 * request checked against what only the session knows (ended, initialized, in a batch, a 2026-07-28 request before any
 * {@code initialize}) before the one {@link Admission} every request goes through. The session keeps its state; this
 * reads it. Thread-safe: the transport may deliver messages from any thread.
 */
final class SessionInbound {
    private static final Logger log = LoggerFactory.getLogger(SessionInbound.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final ServerSession session;
    private final MethodTable methods;

    SessionInbound(ServerSession session) {
        this.session = session;
        this.methods = session.host().methods();
    }

    /** Reads one framed message: parses it, answers parse errors and invalid messages, and dispatches the rest. */
    void receive(byte[] bytes, int offset, int length) {
        Connection connection = session.connection();
        Object tree;
        try {
            tree = CODEC.parse(bytes, offset, length);
        } catch (JsonRpcException e) {
            connection.send(new JsonRpcErrorResponse(null, e.toError()), null);
            return;
        }
        if (tree instanceof List<?> batch) {
            receiveBatch(batch, connection);
            return;
        }
        JsonRpcMessage message;
        try {
            message = CODEC.toMessage(tree);
        } catch (InvalidMessageException e) {
            connection.send(new JsonRpcErrorResponse(e.id(), e.toError()), e.id());
            return;
        }
        receive(message);
    }

    /** Handles one decoded message. Requests return at once; they are answered from their own thread. */
    void receive(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcRequest request -> accept(request, null);
            case JsonRpcNotification notification -> notificationReceived(notification);
            case JsonRpcAnswer answer -> answerReceived(answer.id(), answer);
        }
    }

    /**
     * A JSON-RPC batch already parsed ({@code items}, the array's elements), answered on {@code replies}: the array of
     * responses through {@link Connection#sendBatch}, or one error with no id refusing it whole through
     * {@link Connection#send}. Transports that answer each batch on its own exchange (HTTP) pass that exchange;
     * everything else the batch's requests send goes out on the session's connection as usual. Only 2025-03-26 has
     * batches, and "the initialize request MUST NOT be part of a JSON-RPC batch", so a batch before initialization, or
     * in a revision without batches, is refused whole.
     */
    void receiveBatch(List<?> items, Connection replies) {
        ProtocolVersion version = session.version();
        if (!session.initialized() || !version.allowsBatches()) {
            String why = session.initialized()
                    ? "protocol " + version.wire() + " does not accept JSON-RPC batches (only 2025-03-26 does)"
                    : "a batch cannot come before initialization";
            replies.send(error(null, "Invalid request: " + why), null);
            return;
        }
        if (items.isEmpty()) {
            replies.send(error(null, "Invalid request: an empty batch"), null);
            return;
        }
        var requests = new ArrayList<JsonRpcRequest>();
        var immediate = new ArrayList<JsonRpcMessage>();
        for (Object item : items) {
            try {
                switch (CODEC.toMessage(item)) {
                    case JsonRpcRequest r -> requests.add(r);
                    case JsonRpcMessage other -> receive(other);
                }
            } catch (InvalidMessageException e) {
                immediate.add(new JsonRpcErrorResponse(e.id(), e.toError()));
            }
        }
        var batch = session.admission().batch(replies, requests.size() + immediate.size(),
                4L * session.host().options().maxMessageBytes());
        immediate.forEach(batch::add);
        for (var r : requests) accept(r, batch);
    }

    /**
     * What is the session's own to check before a request is admitted: the session has not ended, {@code initialize}
     * is not in a batch, nothing but {@code ping} comes before it; a 2026-07-28 request (stdio, no session opened)
     * has its envelope checked and is served on its own wire. The rest is the one admission every request goes
     * through ({@link Admission}) and the {@link Pipeline}.
     */
    private void accept(JsonRpcRequest request, BatchCollector batch) {
        Admission.Responder responder = batch == null
                ? (m -> session.connection().send(m, request.id())) : batch::add;
        if (session.closed()) {
            responder.respond(error(request.id(), "Invalid request: the session has ended"));
            return;
        }
        ServedMethod method = methods.request(request.method());
        if (batch != null && method != null && method.is(ServedMethod.Trait.OPENS_SESSION)) {
            responder.respond(error(request.id(), "Invalid request: " + request.method() + " must not be part of a batch"));
            return;
        }
        Pipeline.Wire served = session.wire();
        boolean fresh = session.fresh();
        StatelessWire stateless = fresh && batch == null ? session.host().statelessWire() : null;
        if (stateless != null && stateless.carries(request)) {
            // A 2026-07-28 request on this connection: no initialize, everything about the client in its _meta.
            try {
                served = stateless.admit(request);
            } catch (JsonRpcException e) {
                responder.respond(new JsonRpcErrorResponse(request.id(), e.toError()));
                return;
            }
        } else if (fresh && (method == null || !method.is(ServedMethod.Trait.BEFORE_INIT))) {
            responder.respond(error(request.id(), "Invalid request: the session is not initialized; send 'initialize' "
                    + "first (got '" + request.method() + "')"));
            return;
        }
        session.admission().admit(request, method, served, responder, batch, null);
    }

    private void notificationReceived(JsonRpcNotification notification) {
        ServedNotification row = methods.notification(notification.method());
        if (row == null) {
            log.debug("ignored notification {}", notification.method());
            return;
        }
        row.handler().handle(session, new Params(notification.method(), notification.params()));
    }

    private void answerReceived(RequestId id, JsonRpcMessage answer) {
        if (!session.outbound().complete(id, answer)) {
            log.warn("dropped a response to request {}, which this server never sent or no longer waits for", id);
        }
    }

    private static JsonRpcErrorResponse error(RequestId id, String message) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(ErrorCodes.INVALID_REQUEST, message));
    }
}
