package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.StubHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The distribution started as a subprocess on stdio with its bundled plugins, driven as an MCP client drives it.
 * The weather plugin talks to a local stub; no test reaches the internet.
 */
@Timeout(60)
class BundledPluginsIT {
    @TempDir
    Path work;

    private McpProcess server;

    @AfterEach
    void stop() {
        if (server != null) {
            assertThat(server.nonProtocolLines()).as("stdout must carry only JSON-RPC").isEmpty();
            server.close();
        }
    }

    private McpProcess start(Map<String, String> env) throws Exception {
        server = Distribution.serve(Distribution.bundledPlugins(), env, work);
        server.initialize("2025-11-25", Map.of());
        return server;
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(Map<String, Object> result, String list, String key) {
        return ((List<Map<String, Object>>) result.get(list)).stream().map(t -> (String) t.get(key)).toList();
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> callResult) {
        return (String) ((List<Map<String, Object>>) callResult.get("content")).getFirst().get("text");
    }

    private Map<String, Object> callTool(String name, Map<String, Object> arguments) throws Exception {
        return server.call("tools/call", Map.of("name", name, "arguments", arguments));
    }

    @Test
    void theBundledPluginsOfferTheSeedsToolsPromptAndResource() throws Exception {
        start(Map.of());
        assertThat(names(server.call("tools/list", Map.of()), "tools", "name"))
                .contains("get_weather", "progress_test", "logging_test", "sleep");
        assertThat(names(server.call("prompts/list", Map.of()), "prompts", "name")).contains("code-review");
        assertThat(names(server.call("resources/list", Map.of()), "resources", "uri")).contains("bacio:///quote");
    }

    @Test
    void weatherAsksTheForecastServiceAndAnswersAReadableForecast() throws Exception {
        byte[] recorded = Objects.requireNonNull(getClass().getResourceAsStream("/fixtures/open-meteo-rome.json"))
                .readAllBytes();
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", StubHttpServer.Response.of(200, "application/json", recorded));
            start(Map.of("WEATHER_BASE_URL", stub.uri().toString()));
            var result = callTool("get_weather", Map.of("city", "Rome", "latitude", 41.89, "longitude", 12.48));
            assertThat(result.get("isError")).isNull();
            assertThat(text(result)).contains("Rome", "14.2", "22.8");
            var request = stub.takeRequest(Duration.ofSeconds(5));
            assertThat(request.queryParameters()).containsEntry("latitude", "41.89")
                    .containsEntry("hourly", "temperature_2m").containsEntry("forecast_days", "1");
        }
    }

    @Test
    void aForecastServiceFailureIsAToolErrorThatSaysWhatWentWrong() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", StubHttpServer.Response.text(503, "down for maintenance"));
            start(Map.of("WEATHER_BASE_URL", stub.uri().toString()));
            var result = callTool("get_weather", Map.of("latitude", 41.89, "longitude", 12.48));
            assertThat(result.get("isError")).isEqualTo(true);
            assertThat(text(result)).contains("503");
        }
    }

    @Test
    void codeReviewRendersItsPromptAndCompletesTheLanguage() throws Exception {
        start(Map.of());
        var prompt = server.call("prompts/get", Map.of("name", "code-review",
                "arguments", Map.of("language", "Java", "code", "class A {}")));
        assertThat(prompt.toString()).contains("Java", "class A {}");
        var missing = server.request("prompts/get", Map.of("name", "code-review", "arguments", Map.of()));
        assertThat(missing.get("error").toString()).contains("-32602", "language");
        var completion = server.call("completion/complete", Map.of(
                "ref", Map.of("type", "ref/prompt", "name", "code-review"),
                "argument", Map.of("name", "language", "value", "ja")));
        assertThat(completion.toString()).contains("Java", "JavaScript");
    }

    @Test
    void bacioQuoteReadsARandomProverbEachTime() throws Exception {
        start(Map.of());
        var quotes = new HashSet<String>();
        for (int i = 0; i < 12; i++) {
            var result = server.call("resources/read", Map.of("uri", "bacio:///quote"));
            assertThat(result.toString()).contains("text/plain");
            quotes.add(result.toString());
        }
        assertThat(quotes).hasSizeGreaterThan(1);
    }

    @SuppressWarnings("unchecked")
    @Test
    void progressTestReportsProgressForTheRequestsToken() throws Exception {
        start(Map.of("NOTIFICATION_INTERVAL_MS", "20"));
        var result = server.call("tools/call", Map.of("name", "progress_test", "arguments", Map.of("seconds", 3),
                "_meta", Map.of("progressToken", "tok-1")));
        assertThat(result.get("isError")).isNull();
        var progress = server.notifications().stream()
                .filter(n -> "notifications/progress".equals(n.get("method")))
                .map(n -> (Map<String, Object>) n.get("params")).toList();
        assertThat(progress).hasSize(3).allSatisfy(p -> assertThat(p).containsEntry("progressToken", "tok-1"));
    }

    @SuppressWarnings("unchecked")
    @Test
    void loggingTestHonoursTheLevelTheClientSet() throws Exception {
        start(Map.of());
        server.call("logging/setLevel", Map.of("level", "warning"));
        callTool("logging_test", Map.of());
        var levels = server.notifications().stream()
                .filter(n -> "notifications/message".equals(n.get("method")))
                .map(n -> ((Map<String, Object>) n.get("params")).get("level")).toList();
        assertThat(levels).containsExactly("warning", "error", "critical", "alert", "emergency");
    }

    @Test
    void aCancelledSleepSendsNoResponseAndNeverDelaysOtherRequests() throws Exception {
        start(Map.of());
        long id = server.nextId();
        var sleeping = server.sendRequest(id, "tools/call", Map.of("name", "sleep",
                "arguments", Map.of("milliseconds", 60_000)));
        assertThat(server.call("ping", Map.of())).isEmpty();
        assertThat(text(callTool("sleep", Map.of("milliseconds", 10)))).contains("10");
        server.notify("notifications/cancelled", Map.of("requestId", id, "reason", "changed my mind"));
        assertThat(server.call("ping", Map.of())).isEmpty();
        assertThat(sleeping).isNotDone();
        assertThat(server.closeInputAndWait(Duration.ofSeconds(10))).isZero();
        assertThat(sleeping).isNotDone();
    }

    @Test
    void closingStdinFinishesTheWorkInFlightAndExitsZero() throws Exception {
        start(Map.of());
        var sleeping = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "sleep",
                "arguments", Map.of("milliseconds", 400)));
        assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        @SuppressWarnings("unchecked")
        var result = (Map<String, Object>) server.await(sleeping, "sleep").get("result");
        assertThat(text(result)).contains("400");
    }

    @Test
    void logsGoToStandardErrorAndTheLogFolderNeverToStandardOutput() throws Exception {
        Path logs = work.resolve("logs");
        server = Distribution.serve(Distribution.bundledPlugins(), Map.of(), work, "-l", logs.toString(), "-v");
        server.initialize("2025-11-25", Map.of());
        server.call("tools/list", Map.of());
        assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        try (var files = Files.list(logs)) {
            var logFiles = files.toList();
            assertThat(logFiles).hasSize(1);
            assertThat(Files.readString(logFiles.getFirst())).contains("session initialized");
        }
        assertThat(server.stderr()).contains("session initialized");
    }
}
