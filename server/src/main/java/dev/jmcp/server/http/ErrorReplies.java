package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * HTTP error answers whose body is a JSON-RPC error response, never a framework error page (clients parse the body
 * whatever the status). Stateless.
 */
final class ErrorReplies {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private ErrorReplies() {
    }

    /**
     * A refusal sent before the request's body was read (or once it was found too large, part read): on its headers
     * alone, by the router, a guard or an endpoint. Closes the connection openly when the body may not have all been
     * read; see {@link #closeUnreadBody}.
     */
    static void refuse(Request request, Response response, Callback callback, int status, int code, String message) {
        closeUnreadBody(request, response);
        send(response, callback, status, code, message);
    }

    /**
     * Marks the answer to a request whose body was not (all) read with {@code Connection: close}; returns whether it
     * did. When the body has not all arrived by the time the answer is sent, Jetty closes the connection after the
     * answer without saying so, and a client told nothing (a pooled JDK client, say) sends its next request on that
     * dead connection and gets no answer at all. So every answer that leaves a body unread closes the connection
     * openly. A request without a body (a length of 0, or HTTP/2's unknown length without chunks) keeps it.
     */
    static boolean closeUnreadBody(Request request, Response response) {
        long length = request.getLength();
        boolean mayHaveBody = length > 0 || length < 0 && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
        if (mayHaveBody) response.getHeaders().put(HttpHeader.CONNECTION, "close");
        return mayHaveBody;
    }

    static void send(Response response, Callback callback, int status, int code, String message) {
        send(response, callback, status, null, new JsonRpcError(code, message));
    }

    static void send(Response response, Callback callback, int status, RequestId id, JsonRpcError error) {
        byte[] body = CODEC.encode(new JsonRpcErrorResponse(id, error));
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** An empty answer: 202 for accepted notifications and responses, 204 for a deleted session. */
    static void empty(Response response, Callback callback, int status) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 0);
        response.write(true, BufferUtil.EMPTY_BUFFER, callback);
    }
}
