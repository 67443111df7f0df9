package dev.jmcp.server.session;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
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
    void eachRowNamesTheClientCapabilityAndTheRevisionsItNeeds() {
        assertThat(OutboundMethods.ROOTS_LIST.capability()).isEqualTo("roots");
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.capability()).isEqualTo("sampling");
        assertThat(OutboundMethods.ELICITATION_CREATE.capability()).isEqualTo("elicitation");
        for (InputRequest asked : List.of(InputRequest.listRoots(),
                InputRequest.sample(new CreateMessageRequest("hi", 10)),
                InputRequest.elicit(ElicitRequest.form("Name?", Map.of())))) {
            assertThat(OutboundMethods.of(asked).capability()).as("plugin-api's own copy, which cannot read the row")
                    .isEqualTo(asked.capability());
        }
        for (ProtocolVersion version : ProtocolVersion.values()) {
            assertThat(OutboundMethods.ROOTS_LIST.offered().test(version)).as("roots in " + version).isTrue();
            assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.offered().test(version)).as("sampling in " + version)
                    .isTrue();
            assertThat(OutboundMethods.ELICITATION_CREATE.offered().test(version)).as("elicitation in " + version)
                    .isEqualTo(version.hasElicitation());
        }
        assertThat(OutboundMethods.ELICITATION_CREATE.offered().test(ProtocolVersion.V2025_03_26)).isFalse();
        assertThat(OutboundMethods.ELICITATION_CREATE.offered().test(ProtocolVersion.V2025_06_18)).isTrue();

        Map<String, Object> declared = Map.of("sampling", Map.of(), "elicitation", Map.of());
        assertThat(OutboundMethods.ROOTS_LIST.answerableBy(ProtocolVersion.V2025_11_25, declared))
                .as("roots not declared").isFalse();
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.answerableBy(ProtocolVersion.V2024_11_05, declared))
                .isTrue();
        assertThat(OutboundMethods.ELICITATION_CREATE.answerableBy(ProtocolVersion.V2025_03_26, declared))
                .as("declared, but the revision has no elicitation").isFalse();
        assertThat(OutboundMethods.ELICITATION_CREATE.answerableBy(ProtocolVersion.V2026_07_28, declared)).isTrue();
    }

    @Test
    void aRowSaysWhichPartOfItsCapabilityARequestNeedsAndWhyAClientCannotBeSentIt() {
        var tools = InputRequest.sample(new CreateMessageRequest("hi", 10).withTools(List.of(), "auto"));
        var plain = InputRequest.sample(new CreateMessageRequest("hi", 10));
        var url = InputRequest.elicit(ElicitRequest.url("Sign in", "https://example.com", "e-1"));
        var form = InputRequest.elicit(ElicitRequest.form("Name?", Map.of()));
        assertThat(OutboundMethods.of(tools).featureOf(tools)).isEqualTo(OutboundMethods.SAMPLING_TOOLS);
        assertThat(OutboundMethods.of(plain).featureOf(plain)).isNull();
        assertThat(OutboundMethods.of(url).featureOf(url)).isEqualTo(OutboundMethods.URL_ELICITATION);
        assertThat(OutboundMethods.of(form).featureOf(form)).isNull();

        var v = ProtocolVersion.V2025_11_25;
        Map<String, Object> bare = Map.of("sampling", Map.of(), "elicitation", Map.of());
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.refusal(plain, v, bare)).isNull();
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.refusal(tools, v, bare))
                .isEqualTo("the client did not declare the sampling.tools capability (protocol 2025-11-25)");
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.refusal(tools, v, Map.of()))
                .as("the capability itself comes first").contains("the sampling capability");
        assertThat(OutboundMethods.SAMPLING_CREATE_MESSAGE.refusal(tools, v,
                Map.of("sampling", Map.of("tools", Map.of())))).isNull();
        assertThat(OutboundMethods.ELICITATION_CREATE.refusal(url, v, bare)).contains("elicitation.url");
        assertThat(OutboundMethods.ELICITATION_CREATE.refusal(url, ProtocolVersion.V2025_06_18,
                Map.of("elicitation", Map.of("url", Map.of())))).as("the revision before the declaration")
                .isEqualTo("protocol 2025-06-18 has no URL-mode elicitation (it came with 2025-11-25); the client "
                        + "cannot be asked");
        assertThat(OutboundMethods.ELICITATION_CREATE.refusal(form, ProtocolVersion.V2025_03_26, bare))
                .startsWith("protocol 2025-03-26 has no elicitation/create (it came with 2025-06-18)");
        assertThat(OutboundMethods.ELICITATION_CREATE.answerableBy(v, Map.of("elicitation", Map.of("url", Map.of())),
                OutboundMethods.URL_ELICITATION)).isTrue();
        assertThat(OutboundMethods.ELICITATION_CREATE.answerableBy(v, bare, OutboundMethods.URL_ELICITATION)).isFalse();
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
