package dev.jmcp.protocol;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The content of sampling messages (2025-11-25): one block or several, and the tool_use and tool_result blocks. */
class SamplingContentTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    @Test
    void oneBlockIsWrittenAsAnObjectAndSeveralAsAnArray() {
        var one = new SamplingMessage(Role.USER, new TextContent("hi"));
        assertThat(CODEC.toTree(one)).isEqualTo(Map.of("role", "user", "content", Map.of("type", "text", "text", "hi")));

        var two = new SamplingMessage(Role.ASSISTANT, List.of(new ToolUseContent("a", "f", Map.of("x", 1)),
                new ToolUseContent("b", "f", Map.of())));
        assertThat(CODEC.toTree(two).get("content")).isEqualTo(List.of(
                Map.of("type", "tool_use", "id", "a", "name", "f", "input", Map.of("x", 1)),
                Map.of("type", "tool_use", "id", "b", "name", "f", "input", Map.of())));
    }

    @Test
    void bothShapesAreRead() {
        var asObject = CODEC.fromTree(CODEC.parse("""
                {"role":"user","content":{"type":"text","text":"hi"}}"""), SamplingMessage.class);
        var asArray = CODEC.fromTree(CODEC.parse("""
                {"role":"user","content":[{"type":"text","text":"hi"}]}"""), SamplingMessage.class);
        assertThat(asObject).isEqualTo(asArray).isEqualTo(new SamplingMessage(Role.USER, new TextContent("hi")));
    }

    @Test
    void aToolResultCarriesOrdinaryContentAndRoundTrips() {
        var result = new ToolResultContent("call_1", List.of(new TextContent("18°C"),
                new ResourceLink("file:///w.json", "w", null, null, null, null, null, null, null)),
                Map.of("celsius", 18), true, Map.of("k", "v"));
        var tree = CODEC.toTree(new SamplingMessage(Role.USER, result));
        assertThat(tree.get("content")).isEqualTo(Map.of("type", "tool_result", "toolUseId", "call_1",
                "content", List.of(Map.of("type", "text", "text", "18°C"),
                        Map.of("type", "resource_link", "uri", "file:///w.json", "name", "w")),
                "structuredContent", Map.of("celsius", 18), "isError", true, "_meta", Map.of("k", "v")));
        assertThat(CODEC.fromTree(tree, SamplingMessage.class).content()).containsExactly(result);
    }

    @Test
    void anAnswerSaysWhatTheModelWantsAndItsText() {
        var answer = CODEC.fromTree(CODEC.parse("""
                {"role":"assistant","model":"m","stopReason":"toolUse","content":[
                 {"type":"text","text":"Let me look."},
                 {"type":"tool_use","id":"c1","name":"get_weather","input":{"city":"Paris"}}]}"""),
                CreateMessageResult.class);
        assertThat(answer.text()).isEqualTo("Let me look.");
        assertThat(answer.toolUses()).containsExactly(new ToolUseContent("c1", "get_weather", Map.of("city", "Paris")));
    }

    @Test
    void aRequestOffersToolsOnlyWhenAsked() {
        var plain = new CreateMessageRequest("Weather?", 50);
        assertThat(CODEC.toTree(plain)).doesNotContainKeys("tools", "toolChoice");
        var offered = plain.withTools(List.of(new Tool("get_weather", "Weather", null)), "required");
        var tree = CODEC.toTree(offered);
        assertThat(tree.get("toolChoice")).isEqualTo(Map.of("mode", "required"));
        assertThat((List<?>) tree.get("tools")).hasSize(1);
        assertThat(CODEC.fromTree(tree, CreateMessageRequest.class)).isEqualTo(offered);
    }

    @Test
    void aMessageNeedsABlockAndAToolUseItsIdAndName() {
        assertThatThrownBy(() -> new SamplingMessage(Role.USER, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ToolUseContent("", "f", Map.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ToolResultContent(null, List.of(), null, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
