package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.session.MethodTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The mirrored-header checks of the stateless wire, on their own. */
@Timeout(10)
class StatelessHeadersTest {

    private static final MethodTable METHODS = Methods.table(ServerOptions.defaults("headers-test", Path.of("unused")));

    private static JsonRpcRequest request(String method, Map<String, Object> params) {
        return new JsonRpcRequest(RequestId.of(7), method, params);
    }

    /** {@link StatelessHeaders#mismatch} of {@code request} as the real method table serves it. */
    private static String mismatch(String methodHeader, String nameHeader, JsonRpcRequest request) {
        return StatelessHeaders.mismatch(methodHeader, nameHeader, request, METHODS.request(request.method()));
    }

    @Test
    void aMissingMcpMethodHeaderIsAMismatch() {
        assertThat(mismatch(null, null, request("tools/list", Map.of()))).contains("Mcp-Method");
    }

    @Test
    void mcpMethodValuesAreCaseSensitive() {
        assertThat(mismatch("TOOLS/LIST", null, request("tools/list", Map.of())))
                .contains("TOOLS/LIST").contains("tools/list");
        assertThat(mismatch("prompts/list", null, request("tools/list", Map.of()))).isNotNull();
        assertThat(mismatch("tools/list", null, request("tools/list", Map.of()))).isNull();
    }

    @Test
    void mcpNameIsRequiredOnlyForTheMethodsThatMirrorAName() {
        assertThat(mismatch("tools/call", null, request("tools/call", Map.of("name", "echo"))))
                .contains("Mcp-Name");
        assertThat(mismatch("tasks/result", null, request("tasks/result", Map.of("taskId", "t1"))))
                .isNull();
        assertThat(StatelessHeaders.nameField(METHODS.request("prompts/get"))).isEqualTo("name");
        assertThat(StatelessHeaders.nameField(METHODS.request("resources/read"))).isEqualTo("uri");
        assertThat(StatelessHeaders.nameField(METHODS.request("tasks/cancel"))).isEqualTo("taskId");
        assertThat(StatelessHeaders.nameField(METHODS.request("tools/list"))).isNull();
        assertThat(StatelessHeaders.nameField(METHODS.request("resources/subscribe"))).as("a target, no header").isNull();
        assertThat(StatelessHeaders.nameField(null)).isNull();
    }

    @Test
    void mcpNameMustEqualTheBodyFieldAfterTrimmingSpacesAndTabs() {
        var call = request("tools/call", Map.of("name", "echo"));
        assertThat(mismatch("tools/call", " \techo  ", call)).isNull();
        assertThat(mismatch("tools/call", "wrong_tool_name", call)).contains("wrong_tool_name");
        assertThat(mismatch("tools/call", "Echo", call)).isNotNull();
        var read = request("resources/read", Map.of("uri", "file:///a b.txt"));
        assertThat(mismatch("resources/read", "file:///a b.txt", read)).isNull();
        var task = request("tasks/get", Map.of("taskId", "t-1"));
        assertThat(mismatch("tasks/get", "t-2", task)).contains("taskId");
    }

    @Test
    void aBase64EncodedNameIsDecodedBeforeComparing() {
        String encoded = "=?base64?" + Base64.getEncoder().encodeToString("Hello, 世界".getBytes(StandardCharsets.UTF_8)) + "?=";
        assertThat(mismatch("prompts/get", encoded, request("prompts/get", Map.of("name", "Hello, 世界"))))
                .isNull();
        assertThat(StatelessHeaders.decode("=?base64?SGVsbG8?=")).isNull();
        assertThat(StatelessHeaders.decode("=?base64?SGVs!!!bG8=?=")).isNull();
        assertThat(StatelessHeaders.decode("SGVsbG8=")).isEqualTo("SGVsbG8=");
        assertThat(StatelessHeaders.decode("=?base64?SGVsbG8=")).isEqualTo("=?base64?SGVsbG8=");
    }

    @Test
    void aBodyWithoutTheNamedFieldIsLeftForTheEngineToRefuse() {
        assertThat(mismatch("tools/call", null, request("tools/call", Map.of()))).isNull();
        assertThat(mismatch("tools/call", null, request("tools/call", null))).isNull();
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
