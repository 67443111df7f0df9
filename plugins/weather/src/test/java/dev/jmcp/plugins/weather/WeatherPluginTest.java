package dev.jmcp.plugins.weather;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import dev.jmcp.testkit.StubHttpServer.Response;
import dev.jmcp.testkit.StubHttpServer;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class WeatherPluginTest {
    private static final Map<String, Object> ROME = Map.of("city", "Rome", "latitude", 41.9028, "longitude", 12.4964);

    private final WeatherPlugin plugin = new WeatherPlugin();

    @AfterEach
    void closePlugin() {
        plugin.close();
    }

    @Test
    void answersTheForecastComputedFromTheRecordedResponse() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", Response.json(200, fixture()));

            CallToolResult result = call(stub, ROME);

            // By hand from the fixture: 06–11 sum 106.7, 12–17 sum 133.0, 18–23 sum 106.6 (each / 6);
            // the day's mean is 435.5 / 24 = 18.1 °C, so "mild".
            assertThat(result.failed()).isFalse();
            assertThat(text(result)).isEqualTo("""
                    Forecast in Rome for 2025-05-14 (Europe/Rome time):
                    Morning (06–11): 17.8 °C
                    Afternoon (12–17): 22.2 °C
                    Evening (18–23): 17.8 °C
                    Highest: 22.8 °C at 14:00
                    Lowest: 14.2 °C at 05:00
                    Mild day in Rome: 14.2 °C to 22.8 °C.""");
        }
    }

    @Test
    void asksForTodaysHourlyTemperatureAtTheGivenCoordinates() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", Response.json(200, fixture()));

            call(stub, ROME);

            var request = stub.takeRequest(Duration.ofSeconds(5));
            assertThat(request.method()).isEqualTo("GET");
            assertThat(request.path()).isEqualTo("/v1/forecast");
            assertThat(request.queryParameters()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "latitude", "41.9028", "longitude", "12.4964", "hourly", "temperature_2m",
                    "forecast_days", "1", "timezone", "auto"));
            assertThat(request.header("Accept")).contains("application/json");
        }
    }

    @Test
    void writesSmallAndWholeCoordinatesInPlainNotation() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", Response.json(200, fixture()));

            CallToolResult result = call(stub, Map.of("latitude", 0.0001, "longitude", -180));

            assertThat(stub.takeRequest(Duration.ofSeconds(5)).queryParameters())
                    .containsEntry("latitude", "0.0001").containsEntry("longitude", "-180");
            assertThat(text(result)).startsWith("Forecast at 0.0001, -180 for 2025-05-14")
                    .endsWith("Mild day at 0.0001, -180: 14.2 °C to 22.8 °C.");
        }
    }

    @Test
    void takesTheUnitFromTheResponse() throws Exception {
        try (var stub = StubHttpServer.start()) {
            String fahrenheit = fixture().replace("\"temperature_2m\":\"°C\"", "\"temperature_2m\":\"°F\"");
            stub.respond("/v1/forecast", Response.json(200, fahrenheit));

            String text = text(call(stub, ROME));

            // 18.1 °F is well below freezing.
            assertThat(text).contains("Highest: 22.8 °F at 14:00").endsWith("Freezing day in Rome: 14.2 °F to 22.8 °F.");
        }
    }

    @Test
    void serverErrorFailsTheToolNamingTheStatusAndBody() throws Exception {
        assertThatToolFailsOn(Response.json(500, "{\"error\":true,\"reason\":\"upstream unavailable\"}"))
                .hasMessage("Open-Meteo answered HTTP 500: {\"error\":true,\"reason\":\"upstream unavailable\"}");
    }

    @Test
    void longErrorBodiesAreCutToAnExcerpt() throws Exception {
        assertThatToolFailsOn(Response.text(502, "<html>\n" + "x".repeat(1000) + "</html>"))
                .hasMessageStartingWith("Open-Meteo answered HTTP 502: <html> xxx")
                .hasMessageEndingWith("x…")
                .message().hasSizeLessThan(260);
    }

    @Test
    void malformedJsonFailsTheTool() throws Exception {
        assertThatToolFailsOn(Response.json(200, "{\"latitude\": 41.9, \"hourly\": [1, 2"))
                .hasMessageStartingWith("Open-Meteo's answer is not valid JSON (")
                .hasMessageEndingWith("): {\"latitude\": 41.9, \"hourly\": [1, 2");
    }

    @Test
    void missingHourlyFailsTheToolNamingTheField() throws Exception {
        String noHourly = fixture().substring(0, fixture().indexOf(",\"hourly\":{")) + "}";
        assertThatToolFailsOn(Response.json(200, noHourly))
                .hasMessage("Open-Meteo's answer is incomplete: it has no 'hourly'.");
    }

    @Test
    void missingUnitsFailTheToolNamingTheField() throws Exception {
        assertThatToolFailsOn(Response.json(200, fixture().replace("\"temperature_2m\":\"°C\"", "\"x\":\"°C\"")))
                .hasMessage("Open-Meteo's answer is incomplete: it has no 'hourly_units.temperature_2m'.");
    }

    @Test
    void temperaturesAndTimesOfDifferentLengthsFailTheTool() throws Exception {
        assertThatToolFailsOn(Response.json(200, fixture().replace(",16.2]", "]")))
                .hasMessage("Open-Meteo's answer is incomplete: hourly.time has 24 entries but "
                        + "hourly.temperature_2m has 23.");
    }

    @Test
    void refusedConnectionFailsTheTool() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        register(Map.of("base-url", "http://127.0.0.1:" + closedPort));

        assertThatThrownBy(() -> handler().call(ROME, RecordingContext.plain()))
                .isInstanceOf(ToolException.class)
                .hasMessage("Could not get a forecast from Open-Meteo at http://127.0.0.1:" + closedPort
                        + ": connection refused.");
    }

    @Test
    void slowServerFailsTheToolAfterTheConfiguredTimeout() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", Response.hang());
            register(Map.of("base-url", stub.uri().toString(), "timeout-ms", "200"));

            assertThatThrownBy(() -> handler().call(ROME, RecordingContext.plain()))
                    .isInstanceOf(ToolException.class)
                    .hasMessageEndingWith(": no answer within 200 ms.");
        }
    }

    @Test
    void interruptingTheCallAbortsTheRequest() throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", Response.hang());
            register(Map.of("base-url", stub.uri().toString()));
            var outcome = new ArrayBlockingQueue<Throwable>(1);
            Thread call = Thread.ofVirtual().start(() -> {
                try {
                    handler().call(ROME, RecordingContext.plain());
                    outcome.add(new AssertionError("the call returned"));
                } catch (Throwable t) {
                    outcome.add(t);
                }
            });

            stub.takeRequest(Duration.ofSeconds(10));
            call.interrupt();

            assertThat(outcome.poll(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        }
    }

    @Test
    void outOfRangeCoordinatesFailBeforeAnyRequest() throws Exception {
        try (var stub = StubHttpServer.start()) {
            var arguments = new HashMap<String, Object>(ROME);
            arguments.put("latitude", 91);

            assertThatThrownBy(() -> call(stub, arguments))
                    .isInstanceOf(ToolException.class)
                    .hasMessage("latitude must be a number from -90 to 90, was '91'.");
            assertThat(stub.requests()).isEmpty();
        }
    }

    @Test
    void declaresAPreciseSchemaAndReadOnlyAnnotations() {
        register(Map.of());
        Tool tool = registrar.tools().get("get_weather").declaration();

        assertThat(tool.title()).isEqualTo("Weather forecast");
        assertThat(tool.inputSchema()).containsEntry("required", List.of("latitude", "longitude"));
        @SuppressWarnings("unchecked")
        var properties = (Map<String, Map<String, Object>>) tool.inputSchema().get("properties");
        assertThat(properties.get("latitude")).containsEntry("minimum", -90).containsEntry("maximum", 90);
        assertThat(properties.get("longitude")).containsEntry("minimum", -180).containsEntry("maximum", 180);
        assertThat(properties.get("city")).containsEntry("type", "string");
        assertThat(tool.annotations().readOnlyHint()).isTrue();
        assertThat(tool.annotations().openWorldHint()).isTrue();
    }

    @Test
    void badBaseUrlFailsTheLoad() {
        assertThatThrownBy(() -> plugin.register(new RecordingRegistrar(Map.of("base-url", "ftp://example.org"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base-url must be an http or https URL");
    }

    private RecordingRegistrar registrar;

    private void register(Map<String, String> config) {
        registrar = new RecordingRegistrar(config);
        plugin.register(registrar);
    }

    private ToolHandler handler() {
        return registrar.tools().get("get_weather").handler();
    }

    private CallToolResult call(StubHttpServer stub, Map<String, Object> arguments) throws Exception {
        register(Map.of("base-url", stub.uri().toString()));
        return handler().call(arguments, RecordingContext.plain());
    }

    /** Asserts the tool fails with a {@link ToolException} when Open-Meteo answers {@code response}; for its message. */
    private AbstractThrowableAssert<?, ? extends Throwable> assertThatToolFailsOn(Response response) throws Exception {
        try (var stub = StubHttpServer.start()) {
            stub.respond("/v1/forecast", response);
            return assertThatThrownBy(() -> call(stub, ROME)).isInstanceOf(ToolException.class);
        }
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    private static String fixture() throws IOException {
        try (InputStream in = WeatherPluginTest.class.getResourceAsStream("/fixtures/open-meteo-rome.json")) {
            assertThat(in).as("the testkit fixture open-meteo-rome.json").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }
}
