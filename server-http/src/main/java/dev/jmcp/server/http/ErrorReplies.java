package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * HTTP error answers whose body is a JSON-RPC error response, never a framework error page (clients parse the body
 * whatever the status). Stateless.
 */
final class ErrorReplies {
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** The most of a refused request's unread body read (and dropped) after the refusal, so that it reaches the client. */
    static final int DRAIN_LIMIT = 1 << 20;

    private ErrorReplies() {
    }

    /**
     * A refusal sent before the request's body was read (or once it was found too large, part read): on its headers
     * alone, by the router, a guard or an endpoint. Closes the connection openly when the body may not have all been
     * read; see {@link #closeUnreadBody}.
     */
    static void refuse(Request request, Response response, Callback callback, int status, int code, String message) {
        if (!closeUnreadBody(request, response)) {
            send(response, callback, status, code, message);
            return;
        }
        var answered = new FutureCallback();
        send(response, answered, status, code, message);
        drainThenComplete(request, answered, callback);
    }

    /**
     * Once {@code answered} completes (the refusal is written), reads and drops what the client still sends of the
     * request's body, at most {@link #DRAIN_LIMIT} bytes, then completes {@code callback}. Closing a connection with
     * received bytes nobody read makes the kernel reset it, and the reset can overtake the answer on its way (a JDK
     * client then reports that it "received no bytes"); a drained connection closes with the answer delivered. Blocks
     * the handler's virtual thread, as reading a body does.
     */
    static void drainThenComplete(Request request, FutureCallback answered, Callback callback) {
        try {
            answered.block();
        } catch (IOException | RuntimeException e) {
            callback.failed(e);
            return;
        }
        if (request.getHeaders().contains(HttpHeader.EXPECT)) {
            // A client that asked to be told to continue was told no: it sends no body, so there is none to wait for.
            callback.succeeded();
            return;
        }
        // Not closed: closing a stream left before its end would fail the request, which is what this avoids.
        InputStream in = Content.Source.asInputStream(request);
        byte[] scratch = new byte[8192];
        try {
            long left = DRAIN_LIMIT;
            for (int n = 0; left > 0 && n >= 0; n = in.read(scratch, 0, (int) Math.min(scratch.length, left))) {
                left -= n;
            }
        } catch (IOException e) {
            // The client left or broke its body: there is nothing more to deliver.
        }
        callback.succeeded();
    }

    /**
     * Marks the answer to a request whose body was not (all) read with {@code Connection: close}; returns whether it
     * did. When the body has not all arrived by the time the answer is sent, Jetty closes the connection after the
     * answer without saying so, and a client told nothing (a pooled JDK client, say) sends its next request on that
     * dead connection and gets no answer at all. So every answer that leaves a body unread closes the connection
     * openly (and {@link #drainThenComplete} reads what still comes, so the answer is not lost to a reset). A request
     * without a body (a length of 0, or HTTP/2's unknown length without chunks) keeps the connection.
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
