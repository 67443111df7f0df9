package dev.jmcp.plugins.everything;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.sound.sampled.AudioSystem;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ContentToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    private Map<String, Object> call(String tool) throws Exception {
        CallToolResult result = registrar.tools().get(tool).handler().call(Map.of(), RecordingContext.plain());
        return Fixture.wire(result);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> content(Map<String, Object> result) {
        return (List<Map<String, Object>>) result.get("content");
    }

    @Test
    void simpleTextAnswersWithOneTextItem() throws Exception {
        assertThat(call("test_simple_text")).isEqualTo(Fixture.json("""
                {"content":[{"type":"text","text":"This is a simple text response for testing."}]}"""));
    }

    @Test
    void imageContentIsAPngThatDecodesToOnePixel() throws Exception {
        var item = content(call("test_image_content")).getFirst();
        assertThat(item).containsEntry("type", "image").containsEntry("mimeType", "image/png");
        var image = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode((String) item.get("data"))));
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(1);
        assertThat(image.getHeight()).isEqualTo(1);
    }

    @Test
    void audioContentIsAWavFileLabelledAudioWav() throws Exception {
        var item = content(call("test_audio_content")).getFirst();
        assertThat(item).containsEntry("type", "audio").containsEntry("mimeType", "audio/wav");
        byte[] wav = Base64.getDecoder().decode((String) item.get("data"));
        var format = AudioSystem.getAudioFileFormat(new ByteArrayInputStream(wav));
        assertThat(format.getType().getExtension()).isEqualTo("wav");
        assertThat(format.getFormat().getSampleRate()).isEqualTo(8000f);
        assertThat(format.getFrameLength()).isEqualTo(400);
    }

    @Test
    void embeddedResourceCarriesUriMimeTypeAndText() throws Exception {
        assertThat(call("test_embedded_resource")).isEqualTo(Fixture.json("""
                {"content":[{"type":"resource","resource":{"uri":"test://embedded-resource","mimeType":"text/plain",
                 "text":"This is an embedded resource content."}}]}"""));
    }

    @Test
    void multipleContentTypesAreTextThenImageThenJsonResource() throws Exception {
        var items = content(call("test_multiple_content_types"));
        assertThat(items).extracting(i -> i.get("type")).containsExactly("text", "image", "resource");
        assertThat(items.get(2).get("resource")).isEqualTo(Fixture.json("""
                {"uri":"test://mixed-content-resource","mimeType":"application/json",
                 "text":"{\\"test\\":\\"data\\",\\"value\\":123}"}"""));
        assertThat(Fixture.json((String) Fixture.map(items.get(2).get("resource")).get("text")))
                .isEqualTo(Map.of("test", "data", "value", 123));
    }

    @Test
    void errorHandlingIsAToolResultWithIsErrorNotAnException() throws Exception {
        assertThat(call("test_error_handling")).isEqualTo(Fixture.json("""
                {"content":[{"type":"text","text":"This tool intentionally returns an error for testing"}],
                 "isError":true}"""));
    }
}
