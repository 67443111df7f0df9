package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.Description;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DescribedTypesTest {

    public enum Unit {
        @Description("degrees Celsius") CELSIUS,
        @Description("degrees Fahrenheit") FAHRENHEIT,
        KELVIN
    }

    public enum Plain { A, B }

    @Description("A place on Earth")
    public record Place(@Arg(description = "degrees north") double latitude,
                        @Arg(description = "degrees east", required = false) Double longitude) {
    }

    public static final class Tools {
        @McpTool(description = "Converts")
        public String convert(@Arg(description = "the unit wanted") Unit unit, Plain plain, Place place) {
            return unit + "/" + plain + "/" + place.latitude();
        }
    }

    private Map<String, Object> inputSchema() {
        var registrar = new RecordingRegistrar();
        AnnotatedMethods.declare(new Tools(), registrar);
        return registrar.tools().get("convert").declaration().inputSchema();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(Map<String, Object> schema, String name) {
        return (Map<String, Object>) ((Map<String, Object>) schema.get("properties")).get(name);
    }

    @Test
    void describedEnumConstantsBecomeOneOfConstsWithTheirDescriptions() {
        Map<String, Object> unit = property(inputSchema(), "unit");

        assertThat(unit).containsEntry("type", "string").containsEntry("description", "the unit wanted");
        assertThat(unit.get("oneOf")).isEqualTo(List.of(
                Map.of("const", "CELSIUS", "description", "degrees Celsius"),
                Map.of("const", "FAHRENHEIT", "description", "degrees Fahrenheit"),
                Map.of("const", "KELVIN")));
    }

    @Test
    void anEnumWithoutDescriptionsStaysAPlainEnum() {
        assertThat(property(inputSchema(), "plain")).isEqualTo(Map.of("type", "string", "enum", List.of("A", "B")));
    }

    @Test
    void recordComponentsAndTypesCarryTheirDescriptions() {
        Map<String, Object> place = property(inputSchema(), "place");

        assertThat(place).containsEntry("description", "A place on Earth");
        assertThat(property(place, "latitude")).containsEntry("description", "degrees north");
        assertThat(property(place, "longitude")).containsEntry("description", "degrees east");
        assertThat(place.get("required")).isEqualTo(List.of("latitude"));
    }

    @Test
    void aDescribedEnumValueIsAcceptedAndConverted() throws Exception {
        var registrar = new RecordingRegistrar();
        AnnotatedMethods.declare(new Tools(), registrar);
        var result = registrar.tools().get("convert").handler().call(
                Map.of("unit", "KELVIN", "plain", "B", "place", Map.of("latitude", 45.5)), RecordingContext.plain());

        assertThat(result.content().toString()).contains("KELVIN/B/45.5");
    }
}
