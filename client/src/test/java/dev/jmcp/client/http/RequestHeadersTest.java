package dev.jmcp.client.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class RequestHeadersTest {

    private static Map<String, Object> schema(Map<String, Object> properties) {
        return Map.of("type", "object", "properties", properties);
    }

    @Test
    void plainAsciiGoesAsIsAndEverythingElseAsBase64() {
        assertEquals("us-west1", RequestHeaders.encode("us-west1"));
        assertEquals("us west 1", RequestHeaders.encode("us west 1"));
        assertEquals("=?base64?SGVsbG8sIOS4lueVjA==?=", RequestHeaders.encode("Hello, 世界"));
        assertEquals("=?base64?IHBhZGRlZCA=?=", RequestHeaders.encode(" padded "));
        assertEquals("=?base64?bGluZTEKbGluZTI=?=", RequestHeaders.encode("line1\nline2"));
        assertEquals("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=", RequestHeaders.encode("=?base64?literal?="));
    }

    @Test
    void markedArgumentsAreMirroredWithTheirTextAndNullsAreLeftOut() {
        var mirrored = RequestHeaders.mirrored(schema(Map.of(
                "region", Map.of("type", "string", "x-mcp-header", "Region"),
                "priority", Map.of("type", "integer", "x-mcp-header", "Priority"),
                "verbose", Map.of("type", "boolean", "x-mcp-header", "Verbose"),
                "query", Map.of("type", "string")))).orElseThrow();
        var arguments = new LinkedHashMap<String, Object>();
        arguments.put("region", "eu");
        arguments.put("priority", 42);
        arguments.put("verbose", null);
        arguments.put("query", "SELECT 1");
        assertEquals(Map.of("Mcp-Param-Region", "eu", "Mcp-Param-Priority", "42"),
                RequestHeaders.params(mirrored, arguments));
    }

    @Test
    void aToolWithAnInvalidMarkIsRejected() {
        assertTrue(RequestHeaders.mirrored(schema(Map.of("v", Map.of("type", "string", "x-mcp-header", "")))).isEmpty());
        assertTrue(RequestHeaders.mirrored(schema(Map.of("v", Map.of("type", "number", "x-mcp-header", "Score")))).isEmpty());
        assertTrue(RequestHeaders.mirrored(schema(Map.of("v", Map.of("type", "object", "x-mcp-header", "Data")))).isEmpty());
        assertTrue(RequestHeaders.mirrored(schema(Map.of("v", Map.of("type", "string", "x-mcp-header", "My Region")))).isEmpty());
        assertTrue(RequestHeaders.mirrored(schema(Map.of("v", Map.of("type", "string", "x-mcp-header", "Région")))).isEmpty());
        assertTrue(RequestHeaders.mirrored(schema(Map.of(
                "a", Map.of("type", "string", "x-mcp-header", "MyField"),
                "b", Map.of("type", "string", "x-mcp-header", "myfield")))).isEmpty());
    }

    @Test
    void theNameHeaderComesFromTheToolPromptResourceOrTask() {
        assertEquals("add", RequestHeaders.name("tools/call", Map.of("name", "add")).orElseThrow());
        assertEquals("t-1", RequestHeaders.name("tasks/get", Map.of("taskId", "t-1")).orElseThrow());
        assertEquals("t-1", RequestHeaders.name("tasks/cancel", Map.of("taskId", "t-1")).orElseThrow());
        assertEquals("file:///a", RequestHeaders.name("resources/read", Map.of("uri", "file:///a")).orElseThrow());
        assertTrue(RequestHeaders.name("tools/list", Map.of()).isEmpty());
    }
}
