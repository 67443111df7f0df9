package dev.jmcp.protocol.json;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.GetPromptResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Text read straight into a record gives the record a tree would have given, and fails as an illegal argument. */
class ReadTest {
    private final JsonCodec codec = JsonCodec.shared();

    @Test
    void textReadStraightIntoARecordEqualsTheRecordOfItsTree() {
        String tool = "{\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9\"},{\"type\":\"image\",\"data\":\"AA==\","
                + "\"mimeType\":\"image/png\"}],\"structuredContent\":{\"n\":1.5,\"list\":[1,null]},\"isError\":true,"
                + "\"_meta\":{\"k\":\"v\"},\"unknown\":7}";
        assertThat(codec.read(tool, CallToolResult.class))
                .isEqualTo(codec.fromTree(codec.parse(tool), CallToolResult.class));
        String prompt = "{\"description\":\"d\",\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"t\"}}]}";
        assertThat(codec.read(prompt, GetPromptResult.class))
                .isEqualTo(codec.fromTree(codec.parse(prompt), GetPromptResult.class));
    }

    @Test
    void textThatIsNotJsonOrDoesNotFitTheRecordIsAnIllegalArgument() {
        for (String broken : new String[] {"not json", "{\"content\":", "{} {}", "{\"content\":7}"}) {
            assertThatThrownBy(() -> codec.read(broken, CallToolResult.class)).as(broken)
                    .isInstanceOf(IllegalArgumentException.class).message().isNotBlank();
        }
    }
}
