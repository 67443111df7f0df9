package dev.jmcp.protocol.json;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.ListToolsResult;
import dev.jmcp.protocol.ElicitResult;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Error messages built from untrusted JSON say what was wrong and where, and nothing of Jackson or our classes. */
@Timeout(10)
class ReadableErrorsTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    /** Text that would show a library's or our own internals. */
    static void assertReadable(String message) {
        assertThat(message).doesNotContain("Feature", "Constraints", "java.", "dev.jmcp", "JsonToken", "`", "Source:",
                "REDACTED", "bound as", "com.fasterxml", "Exception");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":-Infinity}", "{'a':1}", "{a:1}", "{\"a\":1} {\"b\":2}",
            "{\"a\":1}]", "{\"a\":[1,2", "{\"a\":\"unterminated", "{\"a\":01}", "{\"a\":1,}", "[1,]",
            "{\"a\":1,\"a\":2}", "{\"a\":tru}", "{\"a\":\"\u0001\"}", "/* c */ {}", "{\"a\":1}#", "\"\\x41\"",
            "{\"a\":.5}", "{\"a\":+1}", "", "   ", "{\"a\":\"\\uZZZZ\"}"})
    void parseErrorsNameWhereAndLeakNothing(String json) {
        var error = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse(json.getBytes(StandardCharsets.UTF_8)));
        assertThat(error).as(json).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
        assertReadable(error.getMessage());
    }

    @Test
    void nonNumericNumbersAreRefusedWithoutNamingAFeature() {
        var error = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse("{\"a\":NaN}"));
        assertThat(error.getMessage()).contains("NaN").contains("line 1, column");
    }

    @Test
    void anUnclosedObjectSaysWhereItStarted() {
        var error = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse("{\"a\":[1,2"));
        assertThat(error.getMessage()).contains("line 1, column");
        assertReadable(error.getMessage());
    }

    @Test
    void trailingContentIsNamedAsSuch() {
        var error = catchThrowableOfType(JsonRpcException.class, () -> CODEC.parse("{\"a\":1} {\"b\":2}"));
        assertThat(error.getMessage()).contains("unexpected content after the JSON value");
    }

    @Test
    void aProtocolRecordThatDoesNotFitNamesTheProblemNotTheClass() {
        var error = catchThrowableOfType(IllegalArgumentException.class,
                () -> CODEC.fromTree(Map.of("content", Map.of()), ElicitResult.class));
        assertThat(error.getMessage()).contains("an elicitation result needs an action");
        assertReadable(error.getMessage());
    }

    @Test
    void aFieldOfTheWrongKindIsNamedWithTheKindsInJsonWords() {
        var error = catchThrowableOfType(IllegalArgumentException.class,
                () -> CODEC.fromTree(Map.of("name", Map.of("x", 1), "version", "1"), Implementation.class));
        assertThat(error.getMessage()).contains("'name'").contains("expected a string, got an object");
        assertReadable(error.getMessage());
        var list = catchThrowableOfType(IllegalArgumentException.class,
                () -> CODEC.fromTree(Map.of("tools", Map.of("x", 1)), ListToolsResult.class));
        assertReadable(list.getMessage());
    }

    @Test
    void overlongAndSurrogateUtf8AreParseErrors() {
        byte[] overlong = {'"', (byte) 0xC0, (byte) 0x80, '"'};
        byte[] cesu = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xED, (byte) 0xB0, (byte) 0x80, '"'};
        byte[] overlong3 = {'"', (byte) 0xE0, (byte) 0x80, (byte) 0xAF, '"'};
        byte[] tooHigh = {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'};
        byte[] truncated = {'"', (byte) 0xE2, (byte) 0x82, '"'};
        for (byte[] bad : List.of(overlong, cesu, overlong3, tooHigh, truncated)) {
            assertThatThrownBy(() -> CODEC.parse(bad)).isInstanceOfSatisfying(JsonRpcException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCodes.PARSE_ERROR);
                assertThat(e.getMessage()).contains("invalid UTF-8 at byte 1");
            });
        }
    }

    @Test
    void validUtf8OfEveryLengthStillParses() {
        String text = "a\u00e9\u20ac\ud83d\ude00\uffff\u0000";
        byte[] json = ("\"" + text.replace("\u0000", "\\u0000") + "\"").getBytes(StandardCharsets.UTF_8);
        assertThat(CODEC.parse(json)).isEqualTo(text);
        byte[] maxCodePoint = {'"', (byte) 0xF4, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF, '"'};
        assertThat(CODEC.parse(maxCodePoint)).isEqualTo(new String(maxCodePoint, 1, 4, StandardCharsets.UTF_8));
    }
}
