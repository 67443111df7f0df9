package dev.jmcp.plugins.everything;

import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ResourcesAndPromptsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    private Map<String, Object> read(String uri) throws Exception {
        return Fixture.wire(registrar.resources().get(uri).handler().read(uri, RecordingContext.plain()));
    }

    private Map<String, Object> prompt(String name, Map<String, String> arguments) throws Exception {
        return Fixture.wire(registrar.prompts().get(name).handler().get(arguments, RecordingContext.plain()));
    }

    @Test
    void staticTextIsPlainText() throws Exception {
        assertThat(read("test://static-text")).isEqualTo(Fixture.json("""
                {"contents":[{"uri":"test://static-text","mimeType":"text/plain",
                 "text":"This is the content of the static text resource."}]}"""));
    }

    @Test
    void staticBinaryIsTheBase64Png() throws Exception {
        var contents = Fixture.map(Fixture.list(read("test://static-binary").get("contents")).getFirst());
        assertThat(contents).containsEntry("uri", "test://static-binary").containsEntry("mimeType", "image/png")
                .doesNotContainKey("text");
        byte[] png = Base64.getDecoder().decode((String) contents.get("blob"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void templateDataIsJsonNamingTheId() throws Exception {
        var result = registrar.templates().get("test://template/{id}/data").handler()
                .read("test://template/123/data", Map.of("id", "123"), RecordingContext.plain());
        var contents = Fixture.map(Fixture.list(Fixture.wire(result).get("contents")).getFirst());
        assertThat(contents).containsEntry("uri", "test://template/123/data")
                .containsEntry("mimeType", "application/json");
        assertThat(Fixture.json((String) contents.get("text")))
                .isEqualTo(Map.of("id", "123", "templateTest", true, "data", "Data for ID: 123"));
    }

    @Test
    void templateDataStaysValidJsonWhateverTheId() {
        String id = "a\"b\\c\nd\u0001";
        assertThat(Fixture.json(FixtureResources.templateData(id))).isEqualTo(
                Map.of("id", id, "templateTest", true, "data", "Data for ID: " + id));
    }

    @Test
    void simplePromptIsOneUserTextMessage() throws Exception {
        assertThat(prompt("test_simple_prompt", Map.of())).isEqualTo(Fixture.json("""
                {"messages":[{"role":"user","content":{"type":"text","text":"This is a simple prompt for testing."}}]}"""));
    }

    @Test
    void promptWithArgumentsRepeatsBothValues() throws Exception {
        assertThat(prompt("test_prompt_with_arguments", Map.of("arg1", "testValue1", "arg2", "testValue2")))
                .isEqualTo(Fixture.json("""
                        {"messages":[{"role":"user","content":{"type":"text",
                         "text":"Prompt with arguments: arg1='testValue1', arg2='testValue2'"}}]}"""));
    }

    @Test
    void promptWithEmbeddedResourceEmbedsTheGivenUri() throws Exception {
        assertThat(prompt("test_prompt_with_embedded_resource", Map.of("resourceUri", "test://example-resource")))
                .isEqualTo(Fixture.json("""
                        {"messages":[
                          {"role":"user","content":{"type":"resource","resource":{"uri":"test://example-resource",
                           "mimeType":"text/plain","text":"Embedded resource content for testing."}}},
                          {"role":"user","content":{"type":"text","text":"Please process the embedded resource above."}}]}"""));
    }

    @Test
    void promptWithImageShowsThePng() throws Exception {
        var messages = Fixture.list(prompt("test_prompt_with_image", Map.of()).get("messages"));
        var content = Fixture.map(Fixture.map(messages.getFirst()).get("content"));
        assertThat(content).containsEntry("type", "image").containsEntry("mimeType", "image/png")
                .containsEntry("data", Media.PNG_BASE64);
    }
}
