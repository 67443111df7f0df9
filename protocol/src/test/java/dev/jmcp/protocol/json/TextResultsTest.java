package dev.jmcp.protocol.json;

import dev.jmcp.protocol.Annotations;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool's result in an answer comes out byte for byte as the mapper writes the same result as a tree, whether it is
 * plain text (written by {@link TextResults}) or has more in it (the mapper's, as before).
 */
@Timeout(20)
class TextResultsTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    static Stream<CallToolResult> results() {
        String escapes = "tab\there, \"quoted\", back\\slash, line\nend, \u0001, é, 中文, \uD83D\uDE00";
        return Stream.of(
                CallToolResult.text("hello"),
                CallToolResult.text(""),
                CallToolResult.text(escapes),
                CallToolResult.text("x".repeat(LongStrings.MIN_LENGTH + 10)),
                CallToolResult.text("a\"b".repeat(2000)),
                CallToolResult.text("lone \uD800 surrogate"),
                CallToolResult.error("the weather service did not answer"),
                new CallToolResult(List.of(new TextContent("one"), new TextContent("two")), null, false, null),
                new CallToolResult(List.of(), null, null, null),
                // Not plain: the mapper's way, and still the same bytes.
                new CallToolResult(List.of(new TextContent("t", new Annotations(List.of(Role.USER), 0.5, null), null)),
                        null, null, null),
                new CallToolResult(List.of(new TextContent("t", null, Map.of("k", 1))), null, null, null),
                new CallToolResult(List.of(new TextContent("t")), Map.of("temperature", 21), null, null),
                new CallToolResult(List.of(new TextContent("t")), null, true, Map.of("trace", "abc")),
                new CallToolResult(List.of(new TextContent("t"), new ImageContent("AAAA", "image/png", null, null)),
                        null, null, null));
    }

    @ParameterizedTest
    @MethodSource("results")
    void anAnswerHoldsTheResultAsTheMapperWritesIt(CallToolResult result) {
        var id = new RequestId.Number(7L);
        // The same result as a tree of maps goes through the mapper, into the same kind of generator.
        String mappers = new String(CODEC.encode(new JsonRpcResponse(id, CODEC.toTree(result))), StandardCharsets.UTF_8);

        String answer = new String(CODEC.encode(new JsonRpcResponse(id, result)), StandardCharsets.UTF_8);

        assertThat(answer).isEqualTo(mappers).startsWith("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[");
    }

    @Test
    void onlyTextAndNothingElseIsPlain() {
        assertThat(TextResults.plain(CallToolResult.text("a"))).isTrue();
        assertThat(TextResults.plain(CallToolResult.error("a"))).isTrue();
        assertThat(TextResults.plain(new CallToolResult(List.of(new TextContent("t")), Map.of(), null, null))).isFalse();
        assertThat(TextResults.plain(new CallToolResult(List.of(new TextContent("t")), null, null, Map.of()))).isFalse();
        assertThat(TextResults.plain(Map.of("content", List.of()))).isFalse();
    }

    @Test
    void theStreamWriteGivesTheSameBytesAsTheEncode() throws IOException {
        var message = new JsonRpcResponse(new RequestId.Text("a-1"), CallToolResult.text("streamed"));
        var out = new ByteArrayOutputStream();

        CODEC.write(message, out);

        assertThat(out.toByteArray()).isEqualTo(CODEC.encode(message));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"streamed\"}]}}");
    }
}
