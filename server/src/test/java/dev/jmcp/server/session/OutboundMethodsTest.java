package dev.jmcp.server.session;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.ServerRequests;
import dev.jmcp.server.state.ListKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The outbound method table: each question a handler asks is one row, named as the client answers it, and the row
 * turns the question into params and the client's result into the answer both ways.
 */
@Timeout(10)
class OutboundMethodsTest {

    @Test
    void eachKindOfQuestionIsSentAsTheRequestTheClientAnswersByName() {
        assertThat(OutboundMethods.of(InputRequest.listRoots()).name()).isEqualTo(ServerRequests.ROOTS_LIST);
        assertThat(OutboundMethods.of(InputRequest.sample(new CreateMessageRequest("hi", 10))).name())
                .isEqualTo(ServerRequests.SAMPLING_CREATE_MESSAGE);
        assertThat(OutboundMethods.of(InputRequest.elicit(ElicitRequest.form("Name?", Map.of()))).name())
                .isEqualTo(ServerRequests.ELICITATION_CREATE);
        for (String name : List.of(ServerRequests.ROOTS_LIST, ServerRequests.SAMPLING_CREATE_MESSAGE,
                ServerRequests.ELICITATION_CREATE)) {
            assertThat(OutboundMethods.request(name).name()).isEqualTo(name);
        }
        assertThat(OutboundMethods.request("tools/call")).as("not a request the server sends its client").isNull();
    }

    @Test
    void aQuestionSurvivesTheTripThroughItsParams() {
        var asked = InputRequest.elicit(ElicitRequest.form("Name?", Map.of("type", "object")));
        var row = OutboundMethods.of(asked);
        assertThat(row.input().apply(row.params().apply(asked))).isEqualTo(asked);
        var sample = InputRequest.sample(new CreateMessageRequest("hi", 10));
        assertThat(OutboundMethods.of(sample).input().apply(OutboundMethods.of(sample).params().apply(sample)))
                .isEqualTo(sample);
        assertThat(OutboundMethods.ROOTS_LIST.params().apply(InputRequest.listRoots())).as("sent without params")
                .isNull();
    }

    @Test
    void theClientsResultBecomesTheAnswerAndBackAndAMalformedOneIsRefused() {
        var roots = OutboundMethods.ROOTS_LIST.answer().apply(Map.of("roots", List.of(Map.of("uri", "file:///w"))));
        assertThat(roots).isEqualTo(List.of(new Root("file:///w", null)));
        assertThat(OutboundMethods.ROOTS_LIST.answer().apply(OutboundMethods.ROOTS_LIST.result().apply(roots)))
                .isEqualTo(roots);
        assertThatThrownBy(() -> OutboundMethods.ROOTS_LIST.answer().apply(Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'roots'");
        var accepted = OutboundMethods.ELICITATION_CREATE.answer().apply(Map.of("action", "accept",
                "content", Map.of("name", "Ada")));
        assertThat(accepted).isEqualTo(new ElicitResult("accept", Map.of("name", "Ada")));
    }

    @Test
    void everyListHasItsOwnListChangedNotification() {
        assertThat(Arrays.stream(ListKind.values()).map(OutboundMethods::listChanged).distinct())
                .hasSize(ListKind.values().length).allMatch(name -> name.endsWith("/list_changed"));
    }
}
