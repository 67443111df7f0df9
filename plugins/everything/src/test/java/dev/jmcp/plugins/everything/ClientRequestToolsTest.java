package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClientRequestToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    private static RecordingContext answering(Map<String, Object> content) {
        return RecordingContext.builder()
                .sampling(request -> new CreateMessageResult(Role.ASSISTANT,
                        new TextContent("This is a test response from the client"), "test-model", "endTurn"))
                .elicitation(request -> new ElicitResult("accept", content))
                .build();
    }

    private static String text(dev.jmcp.protocol.CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void samplingSendsThePromptAsOneUserMessageWithMaxTokensAndReturnsTheAnswer() throws Exception {
        var context = answering(null);
        var result = registrar.tools().get("test_sampling").handler()
                .call(Map.of("prompt", "Test prompt for sampling"), context);
        assertThat(Fixture.wire(context.samplingRequests().getFirst())).isEqualTo(Fixture.json("""
                {"messages":[{"role":"user","content":{"type":"text","text":"Test prompt for sampling"}}],
                 "maxTokens":100}"""));
        assertThat(text(result)).isEqualTo("LLM response: This is a test response from the client");
    }

    @Test
    void samplingWithoutTheClientCapabilityFailsTheCall() {
        assertThatThrownBy(() -> registrar.tools().get("test_sampling").handler()
                .call(Map.of("prompt", "p"), RecordingContext.plain()))
                .isInstanceOf(ClientRequestException.class);
    }

    @Test
    void elicitationAsksForUsernameAndEmailAndReportsTheAnswer() throws Exception {
        var context = answering(Map.of("username", "testuser"));
        var result = registrar.tools().get("test_elicitation").handler()
                .call(Map.of("message", "Please provide your information"), context);
        var request = Fixture.wire(context.elicitRequests().getFirst());
        assertThat(request).containsEntry("message", "Please provide your information");
        assertThat(request.get("requestedSchema")).isEqualTo(Fixture.json("""
                {"type":"object","properties":{
                   "username":{"type":"string","description":"Your user name"},
                   "email":{"type":"string","description":"Your e-mail address","format":"email"}},
                 "required":["username","email"]}"""));
        assertThat(text(result)).isEqualTo("User response: action=accept, content={username=testuser}");
    }

    private Map<?, ?> requestedProperties(String tool) throws Exception {
        var context = answering(Map.of());
        var result = registrar.tools().get(tool).handler().call(Map.of(), context);
        assertThat(text(result)).startsWith("User response: action=accept");
        var schema = Fixture.map(Fixture.wire(context.elicitRequests().getFirst()).get("requestedSchema"));
        assertThat(schema).containsEntry("type", "object");
        return Fixture.map(schema.get("properties"));
    }

    @Test
    void sep1034DefaultsHaveExactlyTheTypeOfTheirField() throws Exception {
        assertThat(requestedProperties("test_elicitation_sep1034_defaults")).isEqualTo(Fixture.json("""
                {"name":{"type":"string","description":"Your name","default":"John Doe"},
                 "age":{"type":"integer","description":"Your age in years","default":30},
                 "score":{"type":"number","description":"Your score","default":95.5},
                 "status":{"type":"string","description":"Your account status",
                           "enum":["active","inactive","pending"],"default":"active"},
                 "verified":{"type":"boolean","description":"Whether you are verified","default":true}}"""));
    }

    @Test
    void sep1330EnumsUseEachShapeWithoutTheKeywordsOfTheOthers() throws Exception {
        var properties = requestedProperties("test_elicitation_sep1330_enums");
        var untitledSingle = Fixture.map(properties.get("untitledSingle"));
        assertThat(untitledSingle).containsEntry("type", "string").doesNotContainKeys("oneOf", "enumNames");
        assertThat(Fixture.list(untitledSingle.get("enum"))).contains("option1");

        var titledSingle = Fixture.map(properties.get("titledSingle"));
        assertThat(titledSingle).containsEntry("type", "string").doesNotContainKey("enum");
        assertThat(Fixture.list(titledSingle.get("oneOf"))).contains(Map.of("const", "value1", "title", "First value"));

        var legacy = Fixture.map(properties.get("legacyEnum"));
        assertThat(Fixture.list(legacy.get("enum"))).contains("opt1").hasSameSizeAs(Fixture.list(legacy.get("enumNames")));

        var untitledMulti = Fixture.map(properties.get("untitledMulti"));
        assertThat(untitledMulti).containsEntry("type", "array");
        var untitledItems = Fixture.map(untitledMulti.get("items"));
        assertThat(untitledItems).containsEntry("type", "string").doesNotContainKey("anyOf");
        assertThat(Fixture.list(untitledItems.get("enum"))).contains("option1", "option2");

        var titledMulti = Fixture.map(properties.get("titledMulti"));
        assertThat(titledMulti).containsEntry("type", "array");
        var titledItems = Fixture.map(titledMulti.get("items"));
        assertThat(titledItems).doesNotContainKey("enum");
        assertThat(Fixture.list(titledItems.get("anyOf"))).extracting(o -> Fixture.map(o).get("const"))
                .contains("value1", "value2");
    }
}
