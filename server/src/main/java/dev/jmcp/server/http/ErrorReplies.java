package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.eclipse.jetty.http.HttpHeader;
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
