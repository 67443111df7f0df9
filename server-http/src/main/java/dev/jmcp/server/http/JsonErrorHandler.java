package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * Jetty's answer to what it refuses before our handler runs (oversized or too many headers, malformed requests,
 * request-smuggling shapes, {@code CONNECT}, bodies that break mid-way): the same short JSON-RPC error body every
 * other refusal of ours carries, instead of Jetty's HTML page naming its version. The status Jetty chose is kept.
 * Installed once on the server; stateless and thread-safe.
 */
final class JsonErrorHandler extends ErrorHandler {
    private static final JsonCodec CODEC = JsonCodec.shared();

    @Override
    protected void generateResponse(Request request, Response response, int status, String message, Throwable cause,
                                    Callback callback) {
        byte[] body = body(status, message);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        return ByteBuffer.wrap(body(status, reason));
    }

    static byte[] body(int status, String reason) {
        int code = status >= 500 ? ErrorCodes.INTERNAL_ERROR : ErrorCodes.INVALID_REQUEST;
        return CODEC.encode(new JsonRpcErrorResponse(null, new JsonRpcError(code, message(status, reason))));
    }

    /** A sentence for the status, with Jetty's reason when it is short plain text (it never carries request data). */
    static String message(int status, String reason) {
        String what = switch (status) {
            case 400 -> "Bad request: the HTTP request is malformed";
            case 403 -> "Forbidden";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 408 -> "Request timeout: the request did not arrive in time";
            case 411 -> "Length required: a request body needs Content-Length or chunked Transfer-Encoding";
            case 413 -> "Payload too large";
            case 414 -> "URI too long";
            case 415 -> "Unsupported media type";
            case 431 -> "Request header fields too large (or too many)";
            case 501 -> "Not implemented: this server answers only GET, POST and DELETE";
            case 505 -> "HTTP version not supported";
            default -> status >= 500 ? "Internal error" : "Bad request (HTTP " + status + ")";
        };
        if (reason == null || reason.isBlank() || reason.length() > 80 || !reason.chars().allMatch(c -> c >= 0x20 && c < 0x7F)
                || what.toLowerCase().contains(reason.toLowerCase())) {
            return what;
        }
        return what + " (" + reason + ")";
    }
}
