package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** A raw Streamable HTTP client over the JDK's HttpClient, with the headers a conformant client sends. */
final class TestClient implements AutoCloseable {
    static final String BOTH = "application/json, text/event-stream";

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final URI url;
    String sessionId;
    String version = "2025-11-25";

    TestClient(URI url) {
        this.url = url;
    }

    HttpRequest.Builder post(String json) {
        var builder = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").header("Accept", BOTH)
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (sessionId != null) builder.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", version);
        return builder;
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<InputStream> stream(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    HttpResponse<String> postString(String json) throws IOException, InterruptedException {
        return send(post(json));
    }

    /** Initializes a session at {@code protocolVersion} and sends notifications/initialized. */
    Map<String, Object> initialize(String protocolVersion) throws IOException, InterruptedException {
        version = protocolVersion;
        var response = postString("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + protocolVersion + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        if (response.statusCode() != 200) throw new AssertionError("initialize: " + response.statusCode() + " " + response.body());
        sessionId = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        var initialized = postString("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        if (initialized.statusCode() != 202) throw new AssertionError("initialized: " + initialized.statusCode());
        return object(response.body());
    }

    HttpRequest.Builder get() {
        var builder = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(20)).header("Accept", "text/event-stream").GET();
        if (sessionId != null) builder.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", version);
        return builder;
    }

    HttpResponse<String> delete() throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).header("Mcp-Session-Id", sessionId).DELETE());
    }

    static String call(int id, String tool, boolean progress) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"text\":\"hi " + id + "\"}" + (progress ? ",\"_meta\":{\"progressToken\":\"p" + id + "\"}" : "") + "}}";
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String json) {
        return (Map<String, Object>) JsonCodec.shared().parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        http.close();
    }
}
