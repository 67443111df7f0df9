package dev.jmcp.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit trail of an HTTP server with API keys: every refused request (401, 403) is one log line saying what was
 * asked, from which address, by whom when the credential was valid, and why (the same line again within a minute is
 * counted, not repeated); with {@code --log-calls} every call's line says who called and from where. Never the key
 * itself.
 */
@Timeout(120)
class AuditIT {
    private static final String KEY = "0123456789abcdef0123456789abcdef";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path work;

    private static HttpResponse<String> post(Distribution.HttpServer server, String key, String session, String body)
            throws Exception {
        var request = HttpRequest.newBuilder(server.url()).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2025-11-25")
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) request.header("X-API-Key", key);
        if (session != null) request.header("Mcp-Session-Id", session);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitLog(Distribution.HttpServer server, String regex) throws InterruptedException {
        var pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!pattern.matcher(server.stderr()).find()) {
            assertThat(System.nanoTime()).as("a log line matching " + regex + " in:\n" + server.stderr())
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Test
    void refusalsAndCallsSayWhoCalledFromWhereWithoutTheKey() throws Exception {
        Path keys = Files.writeString(work.resolve("api-keys"), "ci-bot:" + KEY + "\n");
        try (var server = Distribution.serveHttp(List.of("--port", String.valueOf(Distribution.freePort()),
                "-p", Distribution.bundledPlugins().toString(), "--api-key-file", keys.toString(),
                "--auth-scope-for", "tool:sleep=mcp:admin", "--log-calls"), Map.of())) {
            String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
            assertThat(post(server, null, null, initialize).statusCode()).isEqualTo(401);
            assertThat(post(server, KEY.replace('0', '1'), null, initialize).statusCode()).isEqualTo(401);
            var opened = post(server, KEY, null, initialize);
            assertThat(opened.statusCode()).isEqualTo(200);
            String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
            post(server, KEY, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            assertThat(post(server, KEY, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")
                    .statusCode()).isEqualTo(200);
            assertThat(post(server, KEY, session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"sleep\",\"arguments\":{\"milliseconds\":1}}}").statusCode()).isEqualTo(403);

            awaitLog(server, "refused status=401 method=POST path=/mcp address=127\\.0\\.0\\.1 reason=\"no credential\"");
            awaitLog(server, "refused status=401 method=POST path=/mcp address=127\\.0\\.0\\.1 error=invalid_token "
                    + "reason=\"the API key is not valid\"");
            awaitLog(server, "refused status=403 method=POST path=/mcp address=127\\.0\\.0\\.1 caller=ci-bot "
                    + "error=insufficient_scope reason=\"[^\"]*mcp:admin[^\"]*\"");
            awaitLog(server, "call method=tools/list session=\\S+ revision=2025-11-25 caller=ci-bot "
                    + "address=127\\.0\\.0\\.1 id=2 outcome=ok");

            // A client repeating the same refused request makes one line a minute, not one line each (the count of
            // the others follows when the minute ends).
            for (int i = 0; i < 10; i++) {
                assertThat(post(server, KEY.replace('0', '1'), null, initialize).statusCode()).isEqualTo(401);
            }
            // A line of another cause, logged after them: once it is read, so is every line before it.
            var get = HttpRequest.newBuilder(server.url()).header("Accept", "text/event-stream")
                    .header("X-API-Key", KEY.replace('0', '1')).timeout(Duration.ofSeconds(20)).GET().build();
            assertThat(HTTP.send(get, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
            awaitLog(server, "refused status=401 method=GET path=/mcp .*error=invalid_token");
            assertThat(server.stderr().toString().lines()
                    .filter(line -> line.contains("method=POST") && line.contains("error=invalid_token")))
                    .as(server.stderr().toString()).hasSize(1);
            assertThat(server.stderr().toString()).doesNotContain(KEY).doesNotContain(KEY.replace('0', '1'));
        }
    }
}
