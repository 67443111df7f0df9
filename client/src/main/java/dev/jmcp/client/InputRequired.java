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
    static Map<String, Object> retryParams(Map<String, Object> original, Object result, InputRounds rounds)
            throws InterruptedException {
        Map<?, ?> asked = (Map<?, ?>) result;
        Map<String, Object> responses = answers(asked.get("inputRequests"), rounds);
        var retry = new HashMap<String, Object>(original == null ? Map.of() : original);
        retry.remove("inputResponses");
        retry.remove("requestState");
        if (!responses.isEmpty()) retry.put("inputResponses", responses);
        if (asked.get("requestState") != null) retry.put("requestState", asked.get("requestState"));
        return retry;
    }

    /**
     * The answers to {@code inputRequests} (key → {@code {method, params}}, as an {@code input_required} result or an
     * {@code input_required} task carries them), by key, given by {@code rounds}; empty for no map. Only keys that
     * were asked are kept.
     */
    static Map<String, Object> answers(Object inputRequests, InputRounds rounds) throws InterruptedException {
        Map<String, JsonRpcRequest> asked = requests(inputRequests);
        if (asked.isEmpty()) return Map.of();
        var responses = new LinkedHashMap<String, Object>();
        Map<String, Object> given = rounds.answer(asked);
        if (given != null) given.forEach((key, answer) -> {
            if (asked.containsKey(key) && answer != null) responses.put(key, answer);
        });
        return responses;
    }

    /** One by one, each by the handler for its method: the default when the caller gave no {@link InputRounds}. */
    static InputRounds oneByOne(Function<JsonRpcRequest, Object> handler) {
        return requests -> {
            var answers = new LinkedHashMap<String, Object>();
            requests.forEach((key, request) -> answers.put(key, handler.apply(request)));
            return answers;
        };
    }

    /** The requests of an {@code inputRequests} map, in its order, each with its key as id. */
    private static Map<String, JsonRpcRequest> requests(Object inputRequests) {
        var requests = new LinkedHashMap<String, JsonRpcRequest>();
        if (inputRequests instanceof Map<?, ?> map) {
            for (var entry : map.entrySet()) {
                String key = String.valueOf(entry.getKey());
                if (!(entry.getValue() instanceof Map<?, ?> request) || !(request.get("method") instanceof String method)) {
                    throw new IllegalArgumentException("input request '" + key + "' has no method");
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> params = request.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of();
                requests.put(key, new JsonRpcRequest(RequestId.of(key), method, params));
            }
        }
        return requests;
    }
}
