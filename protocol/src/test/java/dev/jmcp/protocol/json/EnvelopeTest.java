package dev.jmcp.protocol.json;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The JSON-RPC 2.0 envelope, read from text as the transports read it: every message kind and every way to be wrong. */
class EnvelopeTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private static Object read(String json) {
        return CODEC.toMessage(CODEC.parse(json));
    }

    @Test
    void readsEachKindOfMessage() {
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"cursor\":\"c\"}}"))
                .isEqualTo(new JsonRpcRequest(RequestId.of(7), "tools/list", Map.of("cursor", "c")));
        assertThat(read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
                .isEqualTo(new JsonRpcNotification("notifications/initialized", null));
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{}}"))
                .isEqualTo(new JsonRpcResponse(RequestId.of("a"), Map.of()));
        var error = (JsonRpcErrorResponse) read("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,"
                + "\"message\":\"no\",\"data\":[1]}}");
        assertThat(error.id()).isEqualTo(RequestId.of(1));
        assertThat(error.error().code()).isEqualTo(-32601);
        assertThat(error.error().data()).isEqualTo(java.util.List.of(1));
    }

    @Test
    void idsAreStringsOrIntegersOfEitherWidth() {
        assertThat(((JsonRpcRequest) read("{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}")).id())
                .isEqualTo(RequestId.of(9007199254740993L));
        assertThat(((JsonRpcRequest) read("{\"jsonrpc\":\"2.0\",\"id\":\"\",\"method\":\"ping\"}")).id())
                .isEqualTo(RequestId.of(""));
        // The same digits as a string and as a number are two different ids.
        assertThat(RequestId.of("1")).isNotEqualTo(RequestId.of(1));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            [1,2]                                                       | expected a JSON object, got an array
            "text"                                                      | expected a JSON object, got a string
            {"id":1,"method":"ping"}                                    | "jsonrpc" must be "2.0"
            {"jsonrpc":"1.0","id":1,"method":"ping"}                    | "jsonrpc" must be "2.0"
            {"jsonrpc":"2.0","id":1,"method":""}                        | "method" must be a non-empty string
            {"jsonrpc":"2.0","id":1,"method":5}                         | "method" must be a non-empty string
            {"jsonrpc":"2.0","id":1,"method":"m","params":[1]}          | "params" must be an object, got an array
            {"jsonrpc":"2.0","id":null,"method":"ping"}                 | "id" must be a string or an integer, not null
            {"jsonrpc":"2.0","id":1.5,"method":"ping"}                  | "id" must be a string or an integer, got a number
            {"jsonrpc":"2.0","id":true,"method":"ping"}                 | "id" must be a string or an integer, got a boolean
            {"jsonrpc":"2.0","id":{},"method":"ping"}                   | "id" must be a string or an integer, got an object
            {"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"} | is out of range
            {"jsonrpc":"2.0","result":{}}                               | a response needs a string or integer "id"
            {"jsonrpc":"2.0","id":1,"result":{},"error":{}}             | not both
            {"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}} | an error needs an integer "code"
            {"jsonrpc":"2.0","id":1}                                    | expected "method" (request or notification), "result" or "error"
            """)
    void namesWhatIsWrongAsAnInvalidRequest(String json, String problem) {
        var e = catchThrowableOfType(InvalidMessageException.class, () -> read(json));
        assertThat(e.toError().code()).isEqualTo(ErrorCodes.INVALID_REQUEST);
        assertThat(e.getMessage()).contains(problem);
    }

    @Test
    void anInvalidRequestKeepsTheIdItCouldRead() {
        var e = catchThrowableOfType(InvalidMessageException.class,
                () -> read("{\"jsonrpc\":\"2.0\",\"id\":\"k\",\"method\":\"m\",\"params\":7}"));
        assertThat(e.id()).isEqualTo(RequestId.of("k"));
    }

    @Test
    void textThatIsNoJsonIsAParseError() {
        assertThatThrownBy(() -> CODEC.parse("{\"jsonrpc\":")).satisfies(e ->
                assertThat(((dev.jmcp.protocol.jsonrpc.JsonRpcException) e).toError().code())
                        .isEqualTo(ErrorCodes.PARSE_ERROR));
    }
}
