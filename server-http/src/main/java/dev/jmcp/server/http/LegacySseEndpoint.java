package dev.jmcp.server.http;

import dev.jmcp.protocol.json.InvalidMessageException;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.http.routes.CallGuard;
import dev.jmcp.server.http.routes.McpGuard;
import dev.jmcp.server.logs.RepeatedLines;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;

/**
 * The 2024-11-05 HTTP+SSE transport: {@code GET /sse} opens a session and its stream, whose first event
 * ({@code endpoint}) tells the client where to POST: {@code /messages?sessionId=<id>}. POSTs are answered 202; the
 * answers travel on the stream. Same bounds and session limit as Streamable HTTP. Thread-safe and stateless itself.
 */
final class LegacySseEndpoint {
    static final String SSE_PATH = "/sse";
    static final String MESSAGES_PATH = "/messages";

    private static final Logger log = LoggerFactory.getLogger(LegacySseEndpoint.class);
    /** Refusals for a limit reached come in floods: one WARN line a minute for each. */
    private final RepeatedLines refusals = new RepeatedLines(log);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final Engine engine;
    private final HttpOptions options;
    private final SessionTable sessions;
    private final int maxBody;

    private volatile CallGuard callGuard = CallGuard.NONE;

    LegacySseEndpoint(Engine engine, HttpOptions options, SessionTable sessions) {
        this.engine = engine;
        this.options = options;
        this.sessions = sessions;
        this.maxBody = options.maxBodyBytes() > 0 ? options.maxBodyBytes() : engine.options().maxMessageBytes();
    }

    /** Checks each request before it is served (per-item authorization); none by default. */
    void callGuard(CallGuard guard) {
        this.callGuard = guard;
    }

    void openStream(Request request, Response response, Callback callback) {
        if (!request.getMethod().equals("GET")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET");
            ErrorReplies.refuse(request, response, callback, 405, ErrorCodes.INVALID_REQUEST,
                    "Method not allowed: GET " + SSE_PATH + " opens an SSE stream");
            return;
        }
        var channel = new ResponseChannel(request, response, callback);
        LegacySseSession[] opened = new LegacySseSession[1];
        LegacySseSession session = sessions.open(id -> opened[0] = new LegacySseSession(id, engine, options, channel,
                () -> sessions.forget(opened[0])), McpGuard.identityOf(request));
        if (session == null) {
            refusals.warn("refused a new legacy SSE session: " + sessions.limit() + " sessions are open, the limit");
            ErrorReplies.send(response, callback, 503, ErrorCodes.SERVER_BUSY, "Server busy: " + sessions.limit()
                    + " sessions are open, the most this server allows; retry later");
            return;
        }
        log.info("session {} opened over the legacy HTTP+SSE transport", session.id());
        session.start(MESSAGES_PATH + "?sessionId=" + session.id());
    }

    void post(Request request, Response response, Callback callback) throws IOException {
        if (!request.getMethod().equals("POST")) {
            response.getHeaders().put(HttpHeader.ALLOW, "POST");
            ErrorReplies.refuse(request, response, callback, 405, ErrorCodes.INVALID_REQUEST,
                    "Method not allowed: POST JSON-RPC messages to " + MESSAGES_PATH);
            return;
        }
        if (!MediaTypes.isJson(request.getHeaders().get(HttpHeader.CONTENT_TYPE))) {
            ErrorReplies.refuse(request, response, callback, 415, ErrorCodes.INVALID_REQUEST,
                    "Unsupported media type: POST a JSON-RPC message with Content-Type: application/json");
            return;
        }
        String id = Request.extractQueryParameters(request).getValue("sessionId");
        if (id == null) {
            ErrorReplies.refuse(request, response, callback, 400, ErrorCodes.INVALID_REQUEST,
                    "Bad request: missing sessionId query parameter; open a session with GET " + SSE_PATH);
            return;
        }
        if (!(sessions.get(id, McpGuard.identityOf(request)) instanceof LegacySseSession session)) {
            ErrorReplies.refuse(request, response, callback, 404, ErrorCodes.INVALID_REQUEST,
                    "Session not found: it ended or never existed; open a new one with GET " + SSE_PATH);
            return;
        }
        session.touch();
        Body body = Body.read(request, maxBody);
        if (body == null) {
            ErrorReplies.refuse(request, response, callback, 413, ErrorCodes.INVALID_REQUEST,
                    "Payload too large: a message may be at most " + maxBody + " bytes");
            return;
        }
        Object tree;
        JsonRpcMessage message;
        try {
            tree = CODEC.parse(body.bytes(), 0, body.length());
            message = tree instanceof List<?> ? null : CODEC.toMessage(tree);
        } catch (InvalidMessageException e) {
            ErrorReplies.send(response, callback, 400, e.id(), e.toError());
            return;
        } catch (JsonRpcException e) {
            ErrorReplies.send(response, callback, 400, null, e.toError());
            return;
        }
        if (!CallGuard.admitAll(callGuard, engine, request, response, callback, tree)) return;
        ErrorReplies.empty(response, callback, 202);
        if (message != null) session.session().receive(message);
        else session.session().receive(body.bytes(), 0, body.length()); // a batch: the engine refuses it in 2024-11-05
    }
}
