package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The mirrored-header checks of the stateless wire, on their own. */
@Timeout(10)
class StatelessHeadersTest {

    private static JsonRpcRequest request(String method, Map<String, Object> params) {
        return new JsonRpcRequest(RequestId.of(7), method, params);
    }

    @Test
    void aMissingMcpMethodHeaderIsAMismatch() {
        assertThat(StatelessHeaders.mismatch(null, null, request("tools/list", Map.of()))).contains("Mcp-Method");
    }

    @Test
    void mcpMethodValuesAreCaseSensitive() {
        assertThat(StatelessHeaders.mismatch("TOOLS/LIST", null, request("tools/list", Map.of())))
                .contains("TOOLS/LIST").contains("tools/list");
        assertThat(StatelessHeaders.mismatch("prompts/list", null, request("tools/list", Map.of()))).isNotNull();
        assertThat(StatelessHeaders.mismatch("tools/list", null, request("tools/list", Map.of()))).isNull();
    }

    @Test
    void mcpNameIsRequiredOnlyForTheMethodsThatMirrorAName() {
        assertThat(StatelessHeaders.mismatch("tools/call", null, request("tools/call", Map.of("name", "echo"))))
                .contains("Mcp-Name");
        assertThat(StatelessHeaders.mismatch("tasks/result", null, request("tasks/result", Map.of("taskId", "t1"))))
                .isNull();
        assertThat(StatelessHeaders.nameField("prompts/get")).isEqualTo("name");
        assertThat(StatelessHeaders.nameField("resources/read")).isEqualTo("uri");
        assertThat(StatelessHeaders.nameField("tasks/cancel")).isEqualTo("taskId");
        assertThat(StatelessHeaders.nameField("tools/list")).isNull();
    }

    @Test
    void mcpNameMustEqualTheBodyFieldAfterTrimmingSpacesAndTabs() {
        var call = request("tools/call", Map.of("name", "echo"));
        assertThat(StatelessHeaders.mismatch("tools/call", " \techo  ", call)).isNull();
        assertThat(StatelessHeaders.mismatch("tools/call", "wrong_tool_name", call)).contains("wrong_tool_name");
        assertThat(StatelessHeaders.mismatch("tools/call", "Echo", call)).isNotNull();
        var read = request("resources/read", Map.of("uri", "file:///a b.txt"));
        assertThat(StatelessHeaders.mismatch("resources/read", "file:///a b.txt", read)).isNull();
        var task = request("tasks/get", Map.of("taskId", "t-1"));
        assertThat(StatelessHeaders.mismatch("tasks/get", "t-2", task)).contains("taskId");
    }

    @Test
    void aBase64EncodedNameIsDecodedBeforeComparing() {
        String encoded = "=?base64?" + Base64.getEncoder().encodeToString("Hello, 世界".getBytes(StandardCharsets.UTF_8)) + "?=";
        assertThat(StatelessHeaders.mismatch("prompts/get", encoded, request("prompts/get", Map.of("name", "Hello, 世界"))))
                .isNull();
        assertThat(StatelessHeaders.decode("=?base64?SGVsbG8?=")).isNull();
        assertThat(StatelessHeaders.decode("=?base64?SGVs!!!bG8=?=")).isNull();
        assertThat(StatelessHeaders.decode("SGVsbG8=")).isEqualTo("SGVsbG8=");
        assertThat(StatelessHeaders.decode("=?base64?SGVsbG8=")).isEqualTo("=?base64?SGVsbG8=");
    }

    @Test
    void aBodyWithoutTheNamedFieldIsLeftForTheEngineToRefuse() {
        assertThat(StatelessHeaders.mismatch("tools/call", null, request("tools/call", Map.of()))).isNull();
        assertThat(StatelessHeaders.mismatch("tools/call", null, request("tools/call", null))).isNull();
    }

    private static final Map<String, Object> REGION_SCHEMA = Map.of("type", "object", "properties", Map.of(
            "region", Map.of("type", "string", "x-mcp-header", "Region"),
            "options", Map.of("type", "object", "properties", Map.of(
                    "zone", Map.of("type", "integer", "x-mcp-header", "Zone")))));

    private static String params(Map<String, String> headers, Map<String, Object> arguments) {
        return StatelessHeaders.paramMismatch(name -> headers.get(name), REGION_SCHEMA, arguments);
    }

    @Test
    void mirroredParametersMustMatchTheBodyPlainOrBase64() {
        assertThat(params(Map.of("Mcp-Param-Region", "us-west1"), Map.of("region", "us-west1"))).isNull();
        assertThat(params(Map.of("Mcp-Param-Region", "=?base64?SGVsbG8=?="), Map.of("region", "Hello"))).isNull();
        assertThat(params(Map.of("Mcp-Param-Region", "SGVsbG8="), Map.of("region", "SGVsbG8="))).isNull();
        assertThat(params(Map.of("Mcp-Param-Region", "=?base64?SGVsbG8="), Map.of("region", "=?base64?SGVsbG8="))).isNull();
        assertThat(params(Map.of("Mcp-Param-Region", "=?base64?SGVsbG8?="), Map.of("region", "Hello")))
                .contains("not valid Base64");
        assertThat(params(Map.of("Mcp-Param-Region", "=?base64?SGVs!!!bG8=?="), Map.of("region", "Hello")))
                .contains("not valid Base64");
        assertThat(params(Map.of("Mcp-Param-Region", "eu"), Map.of("region", "us"))).contains("does not match");
    }

    @Test
    void aValueInTheBodyNeedsItsHeaderAndAnAbsentOneNeedsNone() {
        assertThat(params(Map.of(), Map.of("region", "us"))).contains("Mcp-Param-Region header is missing");
        assertThat(params(Map.of(), Map.of())).isNull();
        assertThat(params(Map.of("Mcp-Param-Zone", "7"), Map.of("options", Map.of("zone", 7)))).isNull();
        assertThat(params(Map.of(), Map.of("options", Map.of("zone", 7)))).contains("Mcp-Param-Zone");
    }
}
