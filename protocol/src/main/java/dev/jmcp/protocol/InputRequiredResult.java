package dev.jmcp.protocol;

import java.util.Map;

/**
 * 2026-07-28: the answer to a request that needs the client's input first. {@code inputRequests} maps each key the
 * server chose to a {@code {method, params}} request (elicitation, sampling, roots); the client retries the request
 * with the answers in {@code inputResponses} and {@code requestState} unchanged. Either may be null (absent).
 */
public record InputRequiredResult(String resultType, Map<String, Object> inputRequests, String requestState) {
    public static final String RESULT_TYPE = "input_required";

    public InputRequiredResult {
        if (!RESULT_TYPE.equals(resultType)) throw new IllegalArgumentException("resultType is " + RESULT_TYPE);
        // A round may carry only requestState: the server keeps its place and asks nothing new.
        inputRequests = inputRequests == null ? null : Map.copyOf(inputRequests);
    }

    public InputRequiredResult(Map<String, Object> inputRequests, String requestState) {
        this(RESULT_TYPE, inputRequests, requestState);
    }
}
