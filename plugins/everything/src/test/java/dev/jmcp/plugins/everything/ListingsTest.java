package dev.jmcp.plugins.everything;

import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ListingsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    @Test
    void everyToolTheStatefulScenariosCallIsDeclared() {
        assertThat(registrar.tools().keySet()).contains(
                "test_simple_text", "test_image_content", "test_audio_content", "test_embedded_resource",
                "test_multiple_content_types", "test_tool_with_logging", "test_tool_with_progress",
                "test_error_handling", "test_sampling", "test_elicitation", "test_elicitation_sep1034_defaults",
                "test_elicitation_sep1330_enums", "json_schema_2020_12_tool", "test_reconnection");
    }

    @Test
    void everyToolTheStatelessScenariosCallIsDeclaredAndTheDynamicOnesStartAbsent() {
        assertThat(registrar.tools().keySet()).contains(
                "test_missing_capability", "test_streaming_elicitation", "test_logging_tool", "test_custom_header",
                "test_trigger_tool_change", "test_trigger_prompt_change",
                "test_input_required_result_elicitation", "test_input_required_result_sampling",
                "test_input_required_result_list_roots", "test_input_required_result_request_state",
                "test_input_required_result_multiple_inputs", "test_input_required_result_multi_round",
                "test_input_required_result_tampered_state", "test_input_required_result_capabilities")
                .doesNotContain("test_dynamic_tool");
        assertThat(registrar.prompts()).doesNotContainKey("test_dynamic_prompt");
    }

    @Test
    void everyToolHasADescriptionAnObjectSchemaAndAWellFormedName() {
        for (var declaration : registrar.tools().values()) {
            Tool tool = declaration.declaration();
            assertThat(tool.name()).as("tools-name-format").matches("[A-Za-z0-9_.-]{1,128}");
            assertThat(tool.description()).as("description of %s", tool.name()).isNotBlank();
            assertThat(tool.inputSchema()).as("schema of %s", tool.name()).containsEntry("type", "object");
            if (tool.inputSchema().get("required") instanceof java.util.List<?> required) {
                assertThat(Fixture.map(tool.inputSchema().get("properties"))).as("properties of %s", tool.name())
                        .containsKeys(required.stream().map(String::valueOf).toArray(String[]::new));
            }
        }
    }

    @Test
    void samplingAndElicitationToolsRequireTheStringTheSuiteSends() {
        assertThat(Fixture.wire(registrar.tools().get("test_sampling").declaration()).get("inputSchema"))
                .isEqualTo(Fixture.json("""
                        {"type":"object","properties":{"prompt":{"type":"string",
                         "description":"The prompt to send to the model"}},"required":["prompt"]}"""));
        assertThat(Fixture.wire(registrar.tools().get("test_elicitation").declaration()).get("inputSchema"))
                .isEqualTo(Fixture.json("""
                        {"type":"object","properties":{"message":{"type":"string",
                         "description":"The message to show the user"}},"required":["message"]}"""));
    }

    @Test
    void theJsonSchema2020ToolIsListedWithExactlyTheSuitesSchema() {
        var listed = Fixture.wire(registrar.tools().get("json_schema_2020_12_tool").declaration());
        assertThat(listed.get("inputSchema")).isEqualTo(Fixture.json("""
                {
                  "$schema": "https://json-schema.org/draft/2020-12/schema",
                  "type": "object",
                  "$defs": {"address": {"$anchor": "addressDef", "type": "object",
                            "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
                  "properties": {
                    "name": {"type": "string"},
                    "address": {"$ref": "#/$defs/address"},
                    "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                    "phone": {"type": "string"},
                    "email": {"type": "string"}
                  },
                  "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
                  "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
                  "then": {"required": ["phone"]},
                  "else": {"required": ["email"]},
                  "additionalProperties": false
                }"""));
    }

    @Test
    void resourcesStartWithAReadableTextResourceAndIncludeTheWatchedOne() {
        assertThat(registrar.resources().keySet())
                .containsExactly("test://static-text", "test://static-binary", "test://watched-resource");
        assertThat(registrar.resources().values()).allSatisfy(r -> assertThat(r.declaration().name()).isNotBlank());
        assertThat(registrar.templates().keySet()).containsExactly("test://template/{id}/data");
    }

    @Test
    void theFourPromptsHaveDescriptionsAndDeclareTheirRequiredArguments() {
        assertThat(registrar.prompts().keySet()).containsExactly("test_simple_prompt", "test_prompt_with_arguments",
                "test_prompt_with_embedded_resource", "test_prompt_with_image", "test_input_required_result_prompt");
        assertThat(registrar.prompts().values())
                .allSatisfy(p -> assertThat(p.declaration().description()).isNotBlank());
        assertThat(Fixture.wire(registrar.prompts().get("test_prompt_with_arguments").declaration()).get("arguments"))
                .isEqualTo(Fixture.json("""
                        [{"name":"arg1","description":"First argument","required":true},
                         {"name":"arg2","description":"Second argument","required":true}]"""));
    }

    @Test
    void completionSuggestsArg1ValuesStartingWithWhatWasTyped() throws Exception {
        var completion = registrar.promptCompletions().get("test_prompt_with_arguments/arg1")
                .complete("test", Map.of(), RecordingContext.plain());
        assertThat(Fixture.wire(completion))
                .isEqualTo(Fixture.json("{\"values\":[\"testValue1\",\"testValue2\"],\"total\":2,\"hasMore\":false}"));
        var ids = registrar.resourceCompletions().get("test://template/{id}/data/id")
                .complete("12", Map.of(), RecordingContext.plain());
        assertThat(ids.values()).containsExactly("123");
    }
}
