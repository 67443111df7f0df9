package dev.jmcp.server.http;

import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.InvalidMessageException;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.Admission;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.http.routes.CallGuard;
import dev.jmcp.server.http.routes.McpGuard;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.state.SharedState;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The Streamable HTTP endpoint (revisions 2025-03-26 … 2025-11-25): POST carries client messages, GET opens or
 * resumes a stream, DELETE ends a session. A request {@link WireRoute} puts on the stateless wire (2026-07-28) is
 * handed to the {@link StatelessEndpoint} once its media types, size and JSON are checked. Checks bounds and headers, then hands messages to the session; the answer
 * is written later by the session's exchange. Thread-safe and stateless itself.
 */
final class StreamableEndpoint {
    private static final Logger log = LoggerFactory.getLogger(StreamableEndpoint.class);
    /** Refusals for a limit reached come in floods: one WARN line a minute for each. */
    private final RepeatedLines refusals = new RepeatedLines(log);
    private static final JsonCodec CODEC = JsonCodec.shared();
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final List<String> SUPPORTED = ProtocolVersion.stateful().stream()
            .map(ProtocolVersion::wire).toList();

    private final Engine engine;
    private final HttpOptions options;
    private final SessionTable sessions;
    private final StatelessEndpoint stateless;
    private final int maxBody;
    private volatile CallGuard callGuard = CallGuard.NONE;

    StreamableEndpoint(Engine engine, HttpOptions options, SessionTable sessions, Admission statelessAdmission,
                       StatelessExchanges statelessExchanges) {
        this.engine = engine;
        this.options = options;
        this.sessions = sessions;
        this.stateless = new StatelessEndpoint(engine.stateless(), statelessAdmission, statelessExchanges);
        this.maxBody = options.maxBodyBytes() > 0 ? options.maxBodyBytes() : engine.options().maxMessageBytes();
    }

    /** Checks each request before it is served (per-item authorization); none by default. */
    void callGuard(CallGuard guard) {
        this.callGuard = guard;
    }

    void handle(Request request, Response response, Callback callback) throws IOException {
        String method = request.getMethod();
        if ((method.equals("GET") || method.equals("DELETE")) && WireRoute.ofBodiless(
                request.getHeaders().get(SESSION_HEADER), request.getHeaders().get(VERSION_HEADER)) == WireRoute.STATELESS) {
            stateless.refuseBodiless(request, response, callback);
            return;
        }
        switch (method) {
            case "POST" -> post(request, response, callback);
            case "GET" -> get(request, response, callback);
            case "DELETE" -> delete(request, response, callback);
            default -> {
                response.getHeaders().put(HttpHeader.ALLOW, "GET, POST, DELETE");
                ErrorReplies.refuse(request, response, callback, 405, ErrorCodes.INVALID_REQUEST,
                        "Method not allowed: the MCP endpoint answers POST, GET and DELETE");
            }
        }
    }

    private void post(Request request, Response response, Callback callback) throws IOException {
        var headers = request.getHeaders();
        if (!MediaTypes.isJson(headers.get(HttpHeader.CONTENT_TYPE))) {
            ErrorReplies.refuse(request, response, callback, 415, ErrorCodes.INVALID_REQUEST,
                    "Unsupported media type: POST a JSON-RPC message with Content-Type: application/json");
            return;
        }
        if (!MediaTypes.acceptsPostAnswers(headers.get(HttpHeader.ACCEPT))) {
            ErrorReplies.refuse(request, response, callback, 406, ErrorCodes.INVALID_REQUEST,
                    "Not acceptable: the Accept header must list both application/json and text/event-stream");
            return;
        }
        Body body = Body.read(request, maxBody);
        if (body == null) {
            ErrorReplies.refuse(request, response, callback, 413, ErrorCodes.INVALID_REQUEST,
                    "Payload too large: a message may be at most " + maxBody + " bytes");
            return;
        }
        Object tree;
        try {
            tree = CODEC.parse(body.bytes(), 0, body.length());
        } catch (JsonRpcException e) {
            ErrorReplies.send(response, callback, 400, null, e.toError());
            return;
        }
        if (!CallGuard.admitAll(callGuard, engine, request, response, callback, tree)) return;
        String sessionId = headers.get(SESSION_HEADER);
        String version = headers.get(VERSION_HEADER);
        if (WireRoute.of(sessionId, version, tree) == WireRoute.STATELESS) {
            stateless.post(tree, request, response, callback);
            return;
        }
        if (sessionId == null) {
            initialize(tree, request, response, callback);
            return;
        }
        StreamableSession session = find(sessionId, version, request, response, callback);
        if (session == null) return;
        if (tree instanceof List<?> items) {
            session.receiveBatch(items,
                    new BatchExchange(holdsRequest(items), new ResponseChannel(request, response, callback)));
            return;
        }
        JsonRpcMessage message;
        try {
            message = CODEC.toMessage(tree);
        } catch (InvalidMessageException e) {
            ErrorReplies.send(response, callback, 400, e.id(), e.toError());
            return;
        }
        if (message instanceof JsonRpcRequest r) {
            if (!session.receive(r, new ResponseChannel(request, response, callback))) {
                ErrorReplies.send(response, callback, 400, r.id(), new JsonRpcError(ErrorCodes.INVALID_REQUEST,
                        "Invalid request: id " + r.id() + " is already in use by a request in flight"));
            }
            return;
        }
        // "If the input is a JSON-RPC response or notification: if the server accepts the input, the server MUST
        // return HTTP status code 202 Accepted with no body."
        // A notifications/cancelled ends its request's POST through the session (StreamableSession.cancelled).
        session.session().receive(message);
        ErrorReplies.empty(response, callback, 202);
    }

    private void initialize(Object tree, Request request, Response response, Callback callback) {
        JsonRpcMessage message;
        try {
            message = tree instanceof List<?> ? null : CODEC.toMessage(tree);
        } catch (InvalidMessageException e) {
            ErrorReplies.send(response, callback, 400, e.id(), e.toError());
            return;
        }
        if (!(message instanceof JsonRpcRequest r) || !opensSession(r)) {
            ErrorReplies.send(response, callback, 400, ErrorCodes.INVALID_REQUEST,
                    "Bad request: missing " + SESSION_HEADER + " header; send 'initialize' first to open a session");
            return;
        }
        StreamableSession session = sessions.open(id -> new StreamableSession(id, engine, options),
                McpGuard.identityOf(request));
        if (session == null) {
            refusals.warn("refused a new session: " + sessions.limit() + " sessions are open, the limit");
            ErrorReplies.send(response, callback, 503, r.id(), new JsonRpcError(ErrorCodes.SERVER_BUSY,
                    "Server busy: " + sessions.limit() + " sessions are open, the most this server allows; "
                            + "retry later or end unused sessions with DELETE"));
            return;
        }
        var channel = new ResponseChannel(request, response, callback);
        String opener = SessionTable.ownerKey(McpGuard.identityOf(request));
        // Only an initialize that succeeded names its session: a refused one leaves none behind to name. The session
        // is shared before its id is out, so the client's next request may reach any instance.
        channel.beforeCommit(() -> {
            if (session.session().initialized()) {
                session.share(opener);
                channel.header(SESSION_HEADER, session.id());
            }
        });
        session.receive(r, channel);
        // initialize is answered within receive(); a refused one leaves no session behind.
        if (!session.session().initialized()) {
            sessions.end(session, "initialize failed");
        } else {
            // DEBUG: ServerSession logs each initialize at INFO already, and a line is a good part of what opening a
            // session costs (bench/RESULTS.md); the session's end names its id at INFO.
            log.debug("session {} opened over Streamable HTTP", session.id());
        }
    }

    /** Whether {@code request} opens a session, as its row of the method table says ({@code initialize}). */
    private boolean opensSession(JsonRpcRequest request) {
        ServedMethod row = engine.methods().request(request.method());
        return row != null && row.is(ServedMethod.Trait.OPENS_SESSION);
    }

    private void get(Request request, Response response, Callback callback) {
        var headers = request.getHeaders();
        if (!MediaTypes.acceptsEventStream(headers.get(HttpHeader.ACCEPT))) {
            ErrorReplies.refuse(request, response, callback, 406, ErrorCodes.INVALID_REQUEST,
                    "Not acceptable: a GET on the MCP endpoint opens an SSE stream; send Accept: text/event-stream");
            return;
        }
        StreamableSession session = find(headers.get(SESSION_HEADER), headers.get(VERSION_HEADER), request, response,
                callback);
        if (session == null) return;
        String lastEventId = headers.get("Last-Event-ID");
        var channel = new ResponseChannel(request, response, callback);
        if (lastEventId == null) {
            session.openStream(channel);
            return;
        }
        EventStream.Resume outcome = resume(session, lastEventId, channel);
        switch (outcome) {
            case RESUMED -> {
            }
            case TOO_OLD -> ErrorReplies.send(response, callback, 410, ErrorCodes.INVALID_REQUEST,
                    "Gone: events after " + lastEventId + " are no longer buffered (at most "
                            + options.replayBufferSize() + " per stream); some messages were lost");
            case UNKNOWN_EVENT -> ErrorReplies.send(response, callback, 400, ErrorCodes.INVALID_REQUEST,
                    "Bad request: Last-Event-ID " + lastEventId + " names no stream of this session");
        }
    }

    private static EventStream.Resume resume(StreamableSession session, String lastEventId, ResponseChannel channel) {
        int dash = lastEventId.indexOf('-');
        if (dash <= 0) return EventStream.Resume.UNKNOWN_EVENT;
        try {
            int number = Integer.parseInt(lastEventId, 0, dash, 10);
            long seq = Long.parseLong(lastEventId, dash + 1, lastEventId.length(), 10);
            EventStream stream = session.stream(number);
            if (stream == null) {
                return number > 0 ? EventStream.Resume.TOO_OLD : EventStream.Resume.UNKNOWN_EVENT;
            }
            return stream.resume(seq, channel);
        } catch (NumberFormatException e) {
            return EventStream.Resume.UNKNOWN_EVENT;
        }
    }

    private void delete(Request request, Response response, Callback callback) {
        var headers = request.getHeaders();
        StreamableSession session = find(headers.get(SESSION_HEADER), headers.get(VERSION_HEADER), request, response,
                callback);
        if (session == null) return;
        sessions.end(session, "deleted by the client");
        ErrorReplies.empty(response, callback, 204);
    }

    /** The session a request names, after checking its version header; null when an error was answered. */
    private StreamableSession find(String sessionId, String version, Request request, Response response,
                                   Callback callback) {
        if (sessionId == null) {
            ErrorReplies.send(response, callback, 400, ErrorCodes.INVALID_REQUEST,
                    "Bad request: missing " + SESSION_HEADER + " header; send 'initialize' first to open a session");
            return null;
        }
        var requester = McpGuard.identityOf(request);
        HostedSession found = sessions.get(sessionId, requester);
        if (found == null && sessions.get(sessionId) == null) found = takeOver(sessionId, requester);
        if (!(found instanceof StreamableSession session)) {
            ErrorReplies.send(response, callback, 404, ErrorCodes.INVALID_REQUEST,
                    "Session not found: it ended or never existed; send 'initialize' without a session id to start a new one");
            return null;
        }
        // "If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond
        // with 400 Bad Request." Absent, the negotiated version stands.
        if (version != null && ProtocolVersion.statefulFromWire(version).isEmpty()) {
            ErrorReplies.send(response, callback, 400, null, new JsonRpcError(ErrorCodes.INVALID_REQUEST,
                    "Bad request: unsupported MCP-Protocol-Version '" + version + "'; supported: " + SUPPORTED,
                    Map.of("supported", SUPPORTED, "requested", version)));
            return null;
        }
        session.touch();
        return session;
    }

    /**
     * Takes over session {@code sessionId} from the instance that held it (it stopped, or the balancer moved the
     * session here), when the instances share state and {@code requester} is whoever opened it; null otherwise.
     */
    private HostedSession takeOver(String sessionId, dev.jmcp.plugin.Identity requester) {
        SharedState shared = engine.sharedState();
        if (shared == SharedState.LOCAL) return null;
        var taken = shared.takeOverSession(sessionId).orElse(null);
        if (taken == null || !(taken.session().get("session") instanceof Map<?, ?> snapshot)) return null;
        String opener = taken.session().get("opener") instanceof String o ? o : null;
        if (!java.util.Objects.equals(opener, SessionTable.ownerKey(requester))) {
            log.warn("a request for session {} came with another identity than the one that opened it; answered as if "
                    + "there were no such session", sessionId);
            return null;
        }
        var session = new StreamableSession(sessionId, engine, options, taken.generation());
        try {
            @SuppressWarnings("unchecked")
            var state = (Map<String, Object>) snapshot;
            session.session().restore(state);
        } catch (IllegalArgumentException e) {
            session.close("its record cannot be restored: " + e.getMessage());
            log.warn("cannot take over session {}: {}", sessionId, e.getMessage());
            return null;
        }
        HostedSession held = sessions.adopt(session, opener);
        if (held == session) {
            session.share(opener);
            log.info("session {} taken over from another instance", sessionId);
        } else if (held == null) {
            refusals.warn("cannot take over a session from another instance: " + sessions.limit()
                    + " sessions are open, the limit");
        }
        return held;
    }

    private static RequestId toId(Object id) {
        return RequestId.fromTree(id).orElse(null);
    }

    /** Whether a batch holds a request (something with a method and an id), so it has responses to wait for. */
    private static boolean holdsRequest(List<?> items) {
        for (Object item : items) {
            if (item instanceof Map<?, ?> m && m.get("method") instanceof String && toId(m.get("id")) != null) {
                return true;
            }
        }
        return false;
    }

}
