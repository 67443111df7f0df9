package dev.jmcp.protocol.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The codec's tree is the one Jackson's data binding reads from the same text as {@code Object} — the same values of
 * the same classes, in the same order — and what binding refused (a name given twice, nothing, content after the
 * value, nesting past the limit) is still a parse error that says where.
 */
@Timeout(10)
class TreeReaderTest {
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** Jackson's own untyped reading, as a reference. */
    private static final ObjectMapper REFERENCE = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"},\"_meta\":{\"progressToken\":\"p\"}}}",
            "[{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]",
            "{}", "[]", "{\"a\":{},\"b\":[],\"c\":[[]],\"d\":[{}]}", "\"just a string\"", "7", "-0", "null", "true",
            "{\"int\":2147483647,\"long\":2147483648,\"min\":-9223372036854775808,\"big\":123456789012345678901234567890}",
            "{\"f\":1.5,\"e\":1e10,\"neg\":-2.5E-7,\"zero\":-0.0,\"huge\":1e400,\"tiny\":1e-400,\"exact\":0.1}",
            "{\"esc\":\"line\\nbreak \\\"quoted\\\" \\\\ \\/ \\t\\u00e9\\ud83d\\ude00\",\"raw\":\"中文 é 😀\"}",
            "{\"order\":{\"z\":1,\"a\":2,\"m\":3,\"b\":4,\"y\":5}}",
            "{\"mixed\":[1,\"two\",3.0,true,false,null,{\"k\":[null]}]}",
            "  {\"spaced\" :\t[ 1 , 2 ]\r\n}  ",
            "{\"same name in different objects\":[{\"a\":1},{\"a\":2}],\"a\":{\"a\":{\"a\":1}}}"})
    void readsTheTreeJacksonsDataBindingReads(String json) throws Exception {
        Object expected = REFERENCE.readValue(json, Object.class);
        Object actual = CODEC.parse(json.getBytes(StandardCharsets.UTF_8));
        assertSameTree(actual, expected, "$");
        assertSameTree(CODEC.parse(json), expected, "$");
    }

    @Test
    void aNameGivenTwiceInOneObjectIsAParseErrorNamingIt() {
        for (String json : List.of("{\"a\":1,\"a\":2}", "{\"p\":{\"x\":1,\"y\":2,\"x\":{}}}", "[{\"k\":null,\"k\":null}]")) {
            var error = catchThrowableOfType(JsonRpcException.class,
                    () -> CODEC.parse(json.getBytes(StandardCharsets.UTF_8)));
            assertThat(error).as(json).isNotNull();
            assertThat(error.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
            assertThat(error.getMessage()).containsPattern("'[axk]' appears twice in one object").contains("line 1, column");
            ReadableErrorsTest.assertReadable(error.getMessage());
        }
    }

    @Test
    void nothingAtAllAndContentAfterTheValueAreParseErrors() {
        for (String json : List.of("", "   ", "\n")) {
            var error = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse(json));
            assertThat(error).as("'%s'", json).isNotNull();
            assertThat(error.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
            assertThat(error.getMessage()).contains("no JSON value");
        }
        var trailing = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse("[1] 2"));
        assertThat(trailing.getMessage()).contains("unexpected content after the JSON value");
    }

    @Test
    void nestingIsBoundedAtTheLimitAndNotBelowIt() {
        int limit = JsonCodec.MAX_NESTING_DEPTH;
        Object deepest = CODEC.parse("[".repeat(limit) + "]".repeat(limit));
        for (int depth = 1; depth < limit; depth++) deepest = ((List<?>) deepest).getFirst();
        assertThat(deepest).isEqualTo(List.of());
        var error = catchThrowableOfType(JsonRpcException.class,
                () -> CODEC.parse("{\"a\":".repeat(limit + 1) + "1" + "}".repeat(limit + 1)));
        assertThat(error.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
        ReadableErrorsTest.assertReadable(error.getMessage());
        var unclosed = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse("[[1,2]"));
        assertThat(unclosed.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
    }

    private static void assertSameTree(Object actual, Object expected, String path) {
        if (expected == null) {
            assertThat(actual).as(path).isNull();
            return;
        }
        assertThat(actual).as(path).isNotNull();
        assertThat(actual.getClass()).as(path).isEqualTo(expected.getClass());
        switch (expected) {
            case Map<?, ?> map -> {
                assertThat(List.copyOf(((Map<?, ?>) actual).keySet())).as(path).isEqualTo(List.copyOf(map.keySet()));
                map.forEach((key, value) -> assertSameTree(((Map<?, ?>) actual).get(key), value, path + "." + key));
            }
            case List<?> list -> {
                assertThat((List<?>) actual).as(path).hasSameSizeAs(list);
                for (int i = 0; i < list.size(); i++) assertSameTree(((List<?>) actual).get(i), list.get(i), path + "[" + i + "]");
            }
            default -> assertThat(actual).as(path).isEqualTo(expected);
        }
    }
}
