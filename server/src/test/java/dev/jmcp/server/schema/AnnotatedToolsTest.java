package dev.jmcp.server.schema;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnnotatedToolsTest {
    private static final Map<String, Object> PLACE = Map.of("type", "object",
            "properties", Map.of(
                    "latitude", Map.of("type", "number", "description", "latitude in degrees"),
                    "longitude", Map.of("type", "number")),
            "required", List.of("latitude", "longitude"));

    private final WeatherTools tools = new WeatherTools();
    private final RecordingRegistrar registrar = new RecordingRegistrar();

    @BeforeEach
    void declare() {
        AnnotatedMethods.declare(tools, registrar);
    }

    private Tool tool(String name) {
        return registrar.tools().get(name).declaration();
    }

    private CallToolResult call(String name, Map<String, Object> arguments) throws Exception {
        return registrar.tools().get(name).handler().call(arguments, RecordingContext.plain());
    }

    @Test
    void everyPublicAnnotatedMethodIsDeclaredInNameOrder() {
        assertThat(registrar.tools().keySet()).containsExactly("block", "count", "echo", "fail", "forecast", "nothing",
                "picture", "raw", "search_places", "version");
    }

    @Test
    void toolDeclarationCarriesTitleDescriptionAndHints() {
        Tool forecast = tool("forecast");
        assertThat(forecast.title()).isEqualTo("Forecast");
        assertThat(forecast.description()).isEqualTo("Daily forecast for a city");
        assertThat(forecast.annotations()).isEqualTo(new ToolAnnotations(null, true, false, false, true));
        assertThat(tool("echo").annotations()).isNull();
        assertThat(tool("echo").title()).isNull();
    }

    @Test
    void inputSchemaComesFromParameters() {
        assertThat(tool("forecast").inputSchema()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of(
                        "city", Map.of("type", "string", "description", "City name"),
                        "days", Map.of("type", "integer"),
                        "units", Map.of("type", "string", "enum", List.of("METRIC", "IMPERIAL"))),
                "required", List.of("city", "days")));
    }

    @Test
    void nestedRecordsListsMapsAndArraysShareOneDefs() {
        assertThat(tool("search_places").inputSchema()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of(
                        "query", Map.of("type", "string"),
                        "limit", Map.of("type", "integer"),
                        "options", Map.of("type", "object",
                                "properties", Map.of(
                                        "far", Map.of("$ref", "#/$defs/Place"),
                                        "near", Map.of("$ref", "#/$defs/Place"),
                                        "limit", Map.of("type", "integer", "description", "at most this many"),
                                        "sort", Map.of("type", "string")),
                                "required", List.of("far", "limit", "near")),
                        "weights", Map.of("type", "object", "additionalProperties", Map.of("type", "integer")),
                        "tags", Map.of("type", "array", "items", Map.of("type", "string")),
                        "exact", Map.of("type", "boolean")),
                "required", List.of("query", "options", "weights", "tags", "exact"),
                "$defs", Map.of("Place", PLACE)));
    }

    @Test
    void toolWithoutArgumentsTakesAnEmptyObject() {
        assertThat(tool("nothing").inputSchema()).isEqualTo(Map.of("type", "object", "properties", Map.of()));
        assertThat(tool("nothing").outputSchema()).isNull();
    }

    @Test
    void outputSchemaComesFromTheReturnedRecord() {
        assertThat(tool("forecast").outputSchema()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of(
                        "city", Map.of("type", "string"),
                        "days", Map.of("type", "integer"),
                        "highs", Map.of("type", "array", "items", Map.of("type", "number")),
                        "note", Map.of("type", "string"),
                        "units", Map.of("type", "string", "enum", List.of("METRIC", "IMPERIAL"))),
                "required", List.of("city", "days", "highs", "units")));
    }

    @Test
    void returnValueThatIsNotAnObjectIsWrappedUnderResult() throws Exception {
        assertThat(tool("count").outputSchema()).isEqualTo(Map.of("type", "object",
                "properties", Map.of("result", Map.of("type", "integer")), "required", List.of("result")));
        assertThat(tool("search_places").outputSchema()).isEqualTo(Map.of("type", "object",
                "properties", Map.of("result", Map.of("type", "array", "items", PLACE)), "required", List.of("result")));

        CallToolResult result = call("count", Map.of("items", List.of("a", "b", "c")));
        assertThat(result.structuredContent()).isEqualTo(Map.of("result", 3));
        assertThat(result.content()).containsExactly(new TextContent("{\"result\":3}"));
    }

    @Test
    void argumentsAreConvertedToParameterTypesAndContextIsInjected() throws Exception {
        var context = RecordingContext.builder().protocolVersion("2025-06-18").build();
        CallToolResult result = registrar.tools().get("forecast").handler()
                .call(Map.of("city", "Rome", "days", 2, "units", "IMPERIAL"), context);
        assertThat(tools.lastContext).isSameAs(context);
        var expected = Map.of("city", "Rome", "days", 2, "units", "IMPERIAL", "highs", List.of(20.5, 21.0));
        assertThat(result.structuredContent()).isEqualTo(expected);
        assertThat(result.content()).containsExactly(
                new TextContent("{\"city\":\"Rome\",\"days\":2,\"units\":\"IMPERIAL\",\"highs\":[20.5,21.0]}"));
        assertThat(result.isError()).isNull();
    }

    @Test
    void structuredContentMatchesTheGeneratedOutputSchema() throws Exception {
        var output = JsonSchemas.outputValidator(tool("forecast").outputSchema());
        assertThat(output.validate(structured(call("forecast", Map.of("city", "Rome", "days", 1))))).isEmpty();
        var input = JsonSchemas.validator(tool("forecast").inputSchema());
        assertThat(input.validate(Map.of("city", "Rome", "days", 1, "units", "KELVIN")))
                .containsExactly("argument 'units' must be one of: METRIC, IMPERIAL");
    }

    @Test
    void missingOptionalArgumentsArriveEmptyOrNull() throws Exception {
        assertThat(structured(call("forecast", Map.of("city", "Oslo", "days", 1))))
                .containsEntry("units", "METRIC");
        CallToolResult result = call("search_places", Map.of(
                "query", "x",
                "options", Map.of("limit", 4, "near", Map.of("latitude", 1, "longitude", 2), "extra", true),
                "weights", Map.of("x", 10),
                "tags", List.of("a", "b"),
                "exact", true));
        assertThat(result.structuredContent()).isEqualTo(Map.of("result", List.of(Map.of("latitude", 11.0, "longitude", 7.0))));
    }

    @Test
    void missingPrimitiveArgumentFailsTheCallByName() {
        assertThatThrownBy(() -> call("forecast", Map.of("city", "Rome")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("argument 'days' is required");
    }

    @Test
    void unreadableArgumentFailsTheCallByName() {
        assertThatThrownBy(() -> call("forecast", Map.of("city", "Rome", "days", "many")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("argument 'days' cannot be read: Cannot deserialize value of type `int` from String \"many\":"
                        + " not a valid `int` value");
    }

    @Test
    void returnKindsMapToContent() throws Exception {
        assertThat(call("echo", Map.of("text", "hi"))).isEqualTo(CallToolResult.text("hi"));
        assertThat(call("picture", Map.of()).content()).containsExactly(new ImageContent("aGk=", "image/png", null, null));
        assertThat(call("raw", Map.of())).isEqualTo(CallToolResult.error("raw failure"));
        assertThat(call("nothing", null)).isEqualTo(new CallToolResult(List.of(), null, null, null));
        assertThat(call("version", Map.of())).isEqualTo(CallToolResult.text("1.0"));
    }

    @Test
    void exceptionsFromTheMethodComeOutUnwrapped() {
        assertThatThrownBy(() -> call("fail", Map.of("how", "tool")))
                .isExactlyInstanceOf(ToolException.class).hasMessage("no such city");
        assertThatThrownBy(() -> call("fail", Map.of("how", "checked")))
                .isExactlyInstanceOf(IOException.class).hasMessage("disk gone");
        assertThatThrownBy(() -> call("fail", Map.of("how", "other")))
                .isExactlyInstanceOf(IllegalStateException.class).hasMessage("broken");
    }

    @Test
    void interruptingTheCallingThreadEndsTheCallWithInterruptedException() throws Exception {
        ToolHandler block = registrar.tools().get("block").handler();
        var outcome = new java.util.concurrent.ArrayBlockingQueue<Throwable>(1);
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                block.call(Map.of(), RecordingContext.plain());
                outcome.add(new AssertionError("the call returned"));
            } catch (Throwable t) {
                outcome.add(t);
            }
        });
        assertThat(tools.entered.await(10, TimeUnit.SECONDS)).isTrue();
        caller.interrupt();
        assertThat(outcome.poll(10, TimeUnit.SECONDS)).isExactlyInstanceOf(InterruptedException.class);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }
}
