package dev.jmcp.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class InputRequiredTest {

    @Test
    void theRetryCarriesTheOriginalParamsEveryAnswerAndTheStateUntouched() {
        var asked = Map.of("resultType", "input_required", "requestState", "opaque-123",
                "inputRequests", Map.of("who", Map.of("method", "elicitation/create", "params", Map.of("message", "Name?"))));
        Map<String, Object> retry = InputRequired.retryParams(Map.of("name", "greet"), asked,
                request -> Map.of("action", "accept", "content", Map.of("name", request.method())));
        assertThat(retry).containsEntry("name", "greet").containsEntry("requestState", "opaque-123");
        assertThat(retry.get("inputResponses")).isEqualTo(Map.of("who",
                Map.of("action", "accept", "content", Map.of("name", "elicitation/create"))));
    }

    @Test
    void noStateFromTheServerMeansNoneInTheRetryEvenIfTheLastRoundHadOne() {
        var asked = Map.of("resultType", "input_required",
                "inputRequests", Map.of("r", Map.of("method", "roots/list")));
        Map<String, Object> retry = InputRequired.retryParams(Map.of("name", "t", "requestState", "old"), asked,
                request -> Map.of("roots", java.util.List.of()));
        assertThat(retry).doesNotContainKey("requestState").containsKey("inputResponses");
    }

    @Test
    void aResultWithoutResultTypeIsComplete() {
        assertThat(InputRequired.isInputRequired(Map.of("content", java.util.List.of()))).isFalse();
        assertThat(InputRequired.isInputRequired(Map.of("resultType", "input_required"))).isTrue();
    }
}
