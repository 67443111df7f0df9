package dev.jmcp.server.http.routes;

import dev.jmcp.server.observe.Target;
import dev.jmcp.server.session.Host;
import dev.jmcp.server.session.ServedMethod;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.util.Map;

/**
 * A check of each JSON-RPC request an HTTP request carries, by its method's row of the method table and its params,
 * once its body is read and before it is served: what depends on which tool, prompt or resource is asked for
 * (per-item authorization). Every transport's endpoint applies it, a batch's requests one by one; a method the server
 * does not serve is not checked (it is answered -32601). Runs on the request's virtual thread. Thread-safe.
 */
@FunctionalInterface
public interface CallGuard {
    /** Lets everything through. */
    CallGuard NONE = (request, response, callback, method, params, calledTool) -> true;

    /**
     * Returns {@code true} to let the call through; otherwise the guard has answered the whole HTTP request itself (a
     * 403, say) and completed {@code callback}. {@code calledTool} is, for a call whose target is a tool, the tool it
     * runs as the engine resolves it ({@link Host#calledTool}: with tool search on, the one {@code call_tool} names);
     * null for other calls.
     */
    boolean admit(Request request, Response response, Callback callback, ServedMethod method,
                  Map<String, Object> params, String calledTool);

    /**
     * Checks each request of a parsed body (an object, or a batch's array) by its row in {@code host}'s method table;
     * true when all pass.
     */
    @SuppressWarnings("unchecked")
    static boolean admitAll(CallGuard guard, Host host, Request request, Response response,
                            Callback callback, Object body) {
        if (guard == NONE) return true;
        var items = body instanceof java.util.List<?> list ? list : java.util.List.of(body == null ? Map.of() : body);
        for (Object item : items) {
            if (item instanceof Map<?, ?> message && message.get("method") instanceof String name
                    && message.containsKey("id") && host.method(name) instanceof ServedMethod method) {
                Map<String, Object> params = message.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p
                        : Map.of();
                String calledTool = method.target() == Target.TOOL ? host.calledTool(params) : null;
                if (!guard.admit(request, response, callback, method, params, calledTool)) return false;
            }
        }
        return true;
    }
}
