package dev.jmcp.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class InputRequiredTest {

    @Test
    void theRetryCarriesTheOriginalParamsEveryAnswerAndTheStateUntouched() throws InterruptedException {
        var asked = Map.of("resultType", "input_required", "requestState", "opaque-123",
                "inputRequests", Map.of("who", Map.of("method", "elicitation/create", "params", Map.of("message", "Name?"))));
        Map<String, Object> retry = InputRequired.retryParams(Map.of("name", "greet"), asked, InputRequired.oneByOne(
                request -> Map.of("action", "accept", "content", Map.of("name", request.method()))));
        assertThat(retry).containsEntry("name", "greet").containsEntry("requestState", "opaque-123");
        assertThat(retry.get("inputResponses")).isEqualTo(Map.of("who",
                Map.of("action", "accept", "content", Map.of("name", "elicitation/create"))));
    }

    @Test
    void noStateFromTheServerMeansNoneInTheRetryEvenIfTheLastRoundHadOne() throws InterruptedException {
        var asked = Map.of("resultType", "input_required",
                "inputRequests", Map.of("r", Map.of("method", "roots/list")));
        Map<String, Object> retry = InputRequired.retryParams(Map.of("name", "t", "requestState", "old"), asked,
                InputRequired.oneByOne(request -> Map.of("roots", java.util.List.of())));
        assertThat(retry).doesNotContainKey("requestState").containsKey("inputResponses");
    }

    @Test
    void aWholeRoundGoesToTheRoundHandlerUnderTheServersKeysAndOnlyAskedKeysAreSentBack() throws InterruptedException {
        var asked = Map.of("resultType", "input_required", "requestState", "s",
                "inputRequests", Map.of(
                        "user_name", Map.of("method", "elicitation/create", "params", Map.of("message", "Name?")),
                        "summary", Map.of("method", "sampling/createMessage", "params", Map.of("maxTokens", 5)),
                        "where", Map.of("method", "roots/list")));
        var seen = new java.util.concurrent.atomic.AtomicReference<Map<String, dev.jmcp.protocol.jsonrpc.JsonRpcRequest>>();
        Map<String, Object> retry = InputRequired.retryParams(Map.of("name", "t"), asked, requests -> {
            seen.set(requests);
            return Map.of("user_name", Map.of("action", "decline"), "where", Map.of("roots", java.util.List.of()),
                    "never-asked", Map.of());
        });
        assertThat(seen.get()).containsOnlyKeys("user_name", "summary", "where");
        assertThat(seen.get().get("summary").method()).isEqualTo("sampling/createMessage");
        assertThat(seen.get().get("summary").params()).isEqualTo(Map.of("maxTokens", 5));
        assertThat(retry.get("inputResponses")).isInstanceOfSatisfying(Map.class, responses -> assertThat(responses.keySet()).isEqualTo(java.util.Set.of("user_name", "where")));
    }

    @Test
    void aResultWithoutResultTypeIsComplete() {
        assertThat(InputRequired.isInputRequired(Map.of("content", java.util.List.of()))).isFalse();
        assertThat(InputRequired.isInputRequired(Map.of("resultType", "input_required"))).isTrue();
    }
}
