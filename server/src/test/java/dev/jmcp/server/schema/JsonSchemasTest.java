package dev.jmcp.server.schema;

import dev.jmcp.server.registry.ArgumentsValidator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonSchemasTest {

    private static final Map<String, Object> WEATHER = Map.of(
            "type", "object",
            "properties", Map.of(
                    "city", Map.of("type", "string", "minLength", 2),
                    "latitude", Map.of("type", "number", "minimum", -90, "maximum", 90),
                    "days", Map.of("type", "integer", "minimum", 1, "maximum", 16),
                    "mode", Map.of("enum", List.of("fast", "slow")),
                    "options", Map.of("type", "object",
                            "properties", Map.of("limit", Map.of("type", "integer", "exclusiveMaximum", 100)),
                            "required", List.of("limit")),
                    "tags", Map.of("type", "array", "items", Map.of("type", "string"), "maxItems", 2)),
            "required", List.of("city"),
            "additionalProperties", false);

    private static Map<String, Object> args(Object... keyValues) {
        var map = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) map.put((String) keyValues[i], keyValues[i + 1]);
        return map;
    }

    @Test
    void validArgumentsHaveNoViolations() {
        ArgumentsValidator v = JsonSchemas.validator(WEATHER);
        assertThat(v.validate(args("city", "Rome", "latitude", 41.9, "days", 3, "mode", "fast",
                "options", Map.of("limit", 5), "tags", List.of("a")))).isEmpty();
    }

    @Test
    void missingRequiredArgumentIsNamed() {
        assertThat(JsonSchemas.validator(WEATHER).validate(args())).containsExactly("argument 'city' is required");
    }

    @Test
    void eachViolationIsOneSentenceInStableOrder() {
        var violations = JsonSchemas.validator(WEATHER).validate(args(
                "city", "R", "latitude", "north", "days", 17, "mode", "medium", "foo", 1,
                "options", Map.of("limit", 100), "tags", List.of("a", 2, "c")));
        assertThat(violations).containsExactly(
                "argument 'city' must be at least 2 characters",
                "argument 'days' must be at most 16",
                "argument 'foo' is not allowed",
                "argument 'latitude' must be a number, got a string",
                "argument 'mode' must be one of: fast, slow",
                "argument 'options.limit' must be less than 100",
                "argument 'tags' must have at most 2 items",
                "argument 'tags[1]' must be a string, got a number");
    }

    @Test
    void nullArgumentsAreCheckedAsAnEmptyObject() {
        assertThat(JsonSchemas.validator(WEATHER).validate(null)).containsExactly("argument 'city' is required");
    }

    @Test
    void typeUnionsAndConstantsReadPlainly() {
        var v = JsonSchemas.validator(Map.of("type", "object", "properties", Map.of(
                "note", Map.of("type", List.of("string", "null")),
                "version", Map.of("const", 2),
                "ratio", Map.of("type", "number", "multipleOf", 0.5))));
        assertThat(v.validate(args("note", true, "version", 3, "ratio", 0.3))).containsExactly(
                "argument 'note' must be a string or null, got a boolean",
                "argument 'ratio' must be a multiple of 0.5",
                "argument 'version' must be 2");
    }

    @Test
    void referencesInsideTheSchemaAreFollowed() {
        var v = JsonSchemas.validator(Map.of(
                "type", "object",
                "properties", Map.of("from", Map.of("$ref", "#/$defs/point"), "to", Map.of("$ref", "#/$defs/point")),
                "$defs", Map.of("point", Map.of("type", "object", "required", List.of("x"),
                        "properties", Map.of("x", Map.of("type", "integer"))))));
        assertThat(v.validate(args("from", Map.of("x", 1.5), "to", Map.of()))).containsExactly(
                "argument 'from.x' must be an integer, got a number",
                "argument 'to.x' is required");
    }

    @Test
    void draft07SchemasAreValidatedByDraft07Rules() {
        // Tuple "items" is draft-07; 2020-12 spells it "prefixItems" and forbids an array under "items".
        var tuple = Map.<String, Object>of("type", "array", "items", List.of(Map.of("type", "number"), Map.of("type", "string")));
        var draft07 = Map.<String, Object>of("$schema", "http://json-schema.org/draft-07/schema#", "type", "object",
                "properties", Map.of("point", tuple, "level", Map.of("type", "integer", "exclusiveMinimum", 0)));
        var v = JsonSchemas.validator(draft07);
        assertThat(v.validate(args("point", List.of(1, "a"), "level", 1))).isEmpty();
        assertThat(v.validate(args("point", List.of(1, 2), "level", 0))).containsExactly(
                "argument 'level' must be greater than 0",
                "argument 'point[1]' must be a string, got a number");

        var sameIn202012 = Map.<String, Object>of("type", "object", "properties", Map.of("point", tuple));
        assertThatThrownBy(() -> JsonSchemas.checkSchema(sameIn202012))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a valid JSON Schema (https://json-schema.org/draft/2020-12/schema): ")
                .hasMessageContaining("properties.point.items");
    }

    @Test
    void explicit202012DialectIsAccepted() {
        var v = JsonSchemas.validator(Map.of("$schema", "https://json-schema.org/draft/2020-12/schema", "type", "object",
                "properties", Map.of("point", Map.of("type", "array", "prefixItems", List.of(Map.of("type", "number"))))));
        assertThat(v.validate(args("point", List.of("x")))).containsExactly("argument 'point[0]' must be a number, got a string");
    }

    @Test
    void unsupportedDialectIsRefusedWithTheSupportedOnes() {
        assertThatThrownBy(() -> JsonSchemas.validator(Map.of("$schema", "http://json-schema.org/draft-04/schema#",
                "type", "object")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unsupported JSON Schema dialect 'http://json-schema.org/draft-04/schema#': jmcp supports"
                        + " https://json-schema.org/draft/2020-12/schema (the default) and http://json-schema.org/draft-07/schema#");
    }

    @Test
    void brokenSchemaFailsWithEveryProblemNamed() {
        var broken = Map.<String, Object>of("type", "object", "properties", Map.of(
                "days", Map.of("type", "integer", "minimum", "one"),
                "tags", Map.of("type", "array", "minItems", -1)));
        assertThatThrownBy(() -> JsonSchemas.checkSchema(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a valid JSON Schema (https://json-schema.org/draft/2020-12/schema): "
                        + "schema keyword 'properties.days.minimum' must be a number, got a string; "
                        + "schema keyword 'properties.tags.minItems' must be at least 0");
    }

    @Test
    void structuredContentViolationsNameFields() {
        var v = JsonSchemas.outputValidator(Map.of("type", "object",
                "properties", Map.of("temperature", Map.of("type", "number")), "required", List.of("temperature", "unit")));
        assertThat(v.validate(args("temperature", "hot"))).containsExactly(
                "field 'temperature' must be a number, got a string",
                "field 'unit' is required");
    }

    @Test
    void oneValidatorServesManyThreadsAtOnce() throws Exception {
        ArgumentsValidator v = JsonSchemas.validator(WEATHER);
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            var results = new java.util.ArrayList<java.util.concurrent.Future<List<String>>>();
            for (int i = 0; i < 200; i++) {
                int days = i;
                results.add(pool.submit(() -> v.validate(args("city", "Rome", "days", days))));
            }
            for (int i = 0; i < results.size(); i++) {
                var violations = results.get(i).get(10, java.util.concurrent.TimeUnit.SECONDS);
                if (i >= 1 && i <= 16) assertThat(violations).isEmpty();
                else assertThat(violations).hasSize(1);
            }
        }
    }

    @Test
    void remoteReferencesAreNeverFetched() throws IOException {
        try (var listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/x";
            var schema = Map.<String, Object>of("type", "object", "properties", Map.of("city", Map.of("$ref", url)));

            assertThatThrownBy(() -> JsonSchemas.validator(schema))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("schema refers to '" + url + "', which jmcp does not load");
            assertThatThrownBy(() -> JsonSchemas.checkSchema(schema)).isInstanceOf(IllegalArgumentException.class);

            // Had anything tried to fetch the URL, its connection would be waiting here.
            listener.setSoTimeout(300);
            assertThatThrownBy(listener::accept).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void metaSchemaNamedByAnUnknownAddressIsNotFetched() throws IOException {
        try (var listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/meta";
            assertThatThrownBy(() -> JsonSchemas.validator(Map.of("$schema", url, "type", "object")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("unsupported JSON Schema dialect");
            var withId = Map.<String, Object>of("$id", url + "/root", "type", "object",
                    "properties", Map.of("a", Map.of("$ref", "other")));
            assertThatThrownBy(() -> JsonSchemas.validator(withId))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("which jmcp does not load");
            listener.setSoTimeout(300);
            assertThatThrownBy(listener::accept).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void classPathReferencesAreRefusedToo() {
        var schema = Map.<String, Object>of("type", "object",
                "properties", Map.of("a", Map.of("$ref", "classpath:simplelogger.properties")));
        assertThatThrownBy(() -> JsonSchemas.validator(schema))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("schema refers to 'classpath:simplelogger.properties'");
    }
}
