package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ListChangeTriggersTest {

    private static String call(RecordingRegistrar registrar, String tool) throws Exception {
        CallToolResult result = registrar.tools().get(tool).handler().call(Map.of(), RecordingContext.plain());
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void theToolTriggerAddsThenRemovesTheDynamicToolByRedeclaring() throws Exception {
        var host = RedeclaringRegistrar.registered(new EverythingPlugin(), false);

        assertThat(call(host.current(), "test_trigger_tool_change")).contains("added");

        assertThat(host.redeclarations()).isEqualTo(1);
        assertThat(call(host.current(), "test_dynamic_tool")).isEqualTo("This is the dynamic tool.");
        assertThat(host.current().prompts()).doesNotContainKey("test_dynamic_prompt");

        assertThat(call(host.current(), "test_trigger_tool_change")).contains("removed");

        assertThat(host.redeclarations()).isEqualTo(2);
        assertThat(host.current().tools()).doesNotContainKey("test_dynamic_tool");
    }

    @Test
    void thePromptTriggerAddsTheDynamicPromptWithADescriptionAndLeavesTheToolsAlone() throws Exception {
        var host = RedeclaringRegistrar.registered(new EverythingPlugin(), false);
        var toolsBefore = host.current().tools().keySet().stream().toList();

        assertThat(call(host.current(), "test_trigger_prompt_change")).contains("added");

        var prompt = host.current().prompts().get("test_dynamic_prompt");
        assertThat(prompt.declaration().description()).isNotBlank();
        assertThat(prompt.handler().get(Map.of(), RecordingContext.plain()).messages()).isNotEmpty();
        assertThat(host.current().tools().keySet()).containsExactlyElementsOf(toolsBefore);
    }

    @Test
    void aRefusedRedeclarationFailsTheTriggerAsAToolErrorAndLeavesTheSwitchAsItWas() throws Exception {
        var plugin = new EverythingPlugin();
        var host = RedeclaringRegistrar.registered(plugin, true);

        assertThatThrownBy(() -> call(host.current(), "test_trigger_tool_change"))
                .isInstanceOf(ToolException.class).hasMessageContaining("refused by the test");

        // The same instance registering again shows the switch it kept: still off.
        var again = new RecordingRegistrar();
        plugin.register(again);
        assertThat(again.tools()).doesNotContainKey("test_dynamic_tool");
        assertThat(host.redeclarations()).isEqualTo(1);
    }

    @Test
    void aServerThatCannotRedeclareMakesTheTriggersFailAsToolErrors() {
        var registrar = Fixture.registered();

        assertThatThrownBy(() -> call(registrar, "test_trigger_prompt_change"))
                .isInstanceOf(ToolException.class).hasMessageContaining("cannot change");
    }
}
