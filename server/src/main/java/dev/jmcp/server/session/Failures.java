package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping of a handler's failure to its JSON-RPC error response, for both wires and every transport: every
 * {@link Throwable} ends in exactly one response, and none escapes. Stateless.
 */
final class Failures {
    private static final Logger log = LoggerFactory.getLogger(Failures.class);

    private Failures() {
    }

    /** The response for request {@code id} of {@code method} whose handler threw {@code failure}. */
    static JsonRpcErrorResponse response(RequestId id, String method, Throwable failure) {
        return new JsonRpcErrorResponse(id, error(method, failure));
    }

    static JsonRpcError error(String method, Throwable failure) {
        return switch (failure) {
            case JsonRpcException e -> e.toError();
            case InterruptedException _ ->
                    internal("Internal error: " + method + " was interrupted");
            case VirtualMachineError e -> {
                // Out of memory (or stack): the allocation that failed is gone by now; answer without allocating much.
                log.error("{} failed: {}", method, e.toString());
                yield internal("Internal error: " + method + " failed (" + e.getClass().getSimpleName() + ")");
            }
            case Exception e -> {
                log.warn("{} failed", method, e);
                yield internal("Internal error: " + describe(e));
            }
            case LinkageError e -> {
                log.warn("{} failed", method, e);
                yield internal("Internal error: " + describe(e));
            }
            default -> {
                // A plugin's failed assertion or any other Error still gets the request its one answer.
                log.error("{} failed", method, failure);
                yield internal("Internal error: " + method + " failed (" + failure.getClass().getSimpleName() + ")");
            }
        };
    }

    /**
     * The response that replaces one that could not be sent (its encoding ran out of memory: a result too large for
     * the heap), so the request still gets exactly one answer.
     */
    static JsonRpcErrorResponse unsendable(RequestId id, String method, Throwable failure) {
        log.error("the response to {} {} could not be sent: {}", method, id, failure.toString());
        return new JsonRpcErrorResponse(id, internal("Internal error: the result of " + method
                + " could not be sent (" + failure.getClass().getSimpleName() + ")"));
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static JsonRpcError internal(String message) {
        return new JsonRpcError(ErrorCodes.INTERNAL_ERROR, message);
    }
}
