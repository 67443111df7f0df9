package dev.jmcp.client;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Multi round-trip requests (2026-07-28 on): a result of type {@code input_required} carries the server's own
 * requests (elicitation, sampling, roots); the client answers each with the same handlers a stateful session uses and
 * retries the original request with {@code inputResponses} and the server's {@code requestState}. Pure functions.
 */
final class InputRequired {
    /** Rounds of input one request may take before the client gives up on a server that keeps asking. */
    static final int MAX_ROUNDS = 16;

    private InputRequired() {
    }

    static boolean isInputRequired(Object result) {
        return result instanceof Map<?, ?> map && "input_required".equals(map.get("resultType"));
    }

    /**
     * The params of the retry: the original ones, {@code inputResponses} answering every input request, and
     * {@code requestState} exactly as the server gave it ("Clients MUST NOT inspect, parse, modify, or make any
     * assumptions about its contents"), left out when the server gave none.
     */
    static Map<String, Object> retryParams(Map<String, Object> original, Object result,
                                           Function<JsonRpcRequest, Object> handler) {
        Map<?, ?> asked = (Map<?, ?>) result;
        Map<String, Object> responses = answers(asked.get("inputRequests"), handler);
        var retry = new HashMap<String, Object>(original == null ? Map.of() : original);
        retry.remove("inputResponses");
        retry.remove("requestState");
        if (!responses.isEmpty()) retry.put("inputResponses", responses);
        if (asked.get("requestState") != null) retry.put("requestState", asked.get("requestState"));
        return retry;
    }

    /**
     * The answers to {@code inputRequests} (key → {@code {method, params}}, as an {@code input_required} result or an
     * {@code input_required} task carries them), by key, each given by {@code handler}; empty for no map.
     */
    static Map<String, Object> answers(Object inputRequests, Function<JsonRpcRequest, Object> handler) {
        var responses = new LinkedHashMap<String, Object>();
        if (inputRequests instanceof Map<?, ?> requests) {
            for (var entry : requests.entrySet()) {
                String key = String.valueOf(entry.getKey());
                if (!(entry.getValue() instanceof Map<?, ?> request) || !(request.get("method") instanceof String method)) {
                    throw new IllegalArgumentException("input request '" + key + "' has no method");
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> params = request.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of();
                responses.put(key, handler.apply(new JsonRpcRequest(RequestId.of(key), method, params)));
            }
        }
        return responses;
    }
}
