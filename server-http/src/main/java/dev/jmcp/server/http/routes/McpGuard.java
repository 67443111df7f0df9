package dev.jmcp.server.http.routes;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A check every request to an MCP endpoint (Streamable HTTP, legacy HTTP+SSE) passes before it is served, such as
 * authorization. Runs on the request's virtual thread; may block. Thread-safe.
 */
@FunctionalInterface
public interface McpGuard {
    /** The request attribute where a guard leaves the {@link dev.jmcp.plugin.Identity} it verified. */
    String IDENTITY_ATTRIBUTE = dev.jmcp.plugin.Identity.class.getName();

    /**
     * Returns {@code true} to let the request through; otherwise the guard has answered it itself (a 401, say) and
     * completed {@code callback}.
     */
    boolean admit(Request request, Response response, Callback callback) throws Exception;

    /**
     * Called by a guard that verified who sent {@code request}: handlers of what the request carries then see
     * {@code identity} through {@link dev.jmcp.plugin.RequestContext#identity()}.
     */
    static void identify(Request request, dev.jmcp.plugin.Identity identity) {
        request.setAttribute(IDENTITY_ATTRIBUTE, identity);
    }

    /** Who sent {@code request}, as a guard {@link #identify identified} it; null when none did. */
    static dev.jmcp.plugin.Identity identityOf(Request request) {
        return request.getAttribute(IDENTITY_ATTRIBUTE) instanceof dev.jmcp.plugin.Identity identity
                ? identity : null;
    }
}
