package dev.jmcp.server.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The quick pass of flat object schemas: it only ever passes what the full validator passes too. */
@Timeout(30)
class FlatObjectSchemaTest {

    private static final Map<String, Object> FLAT = Map.of(
            "type", "object",
            "properties", Map.of(
                    "text", Map.of("type", "string", "description", "The text to return"),
                    "loud", Map.of("type", "boolean"),
                    "times", Map.of("type", "integer"),
                    "ratio", Map.of("type", "number", "title", "Ratio")),
            "required", List.of("text"),
            "additionalProperties", false);

    private static Map<String, Object> args(Object... keyValues) {
        var map = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) map.put((String) keyValues[i], keyValues[i + 1]);
        return map;
    }

    @Test
    void aFlatSchemaIsRecognisedAndConformingArgumentsPass() {
        FlatObjectSchema flat = FlatObjectSchema.of(FLAT);
        assertThat(flat).isNotNull();
        var conforming = List.of(args("text", "hi"), args("text", "", "loud", true, "times", 3, "ratio", 0.5),
                args("text", "x", "times", 1L << 40, "ratio", 2), args("text", "x", "times", BigInteger.TEN.pow(30)));
        for (var arguments : conforming) {
            assertThat(flat.conforms(arguments)).as("%s", arguments).isTrue();
            assertThat(JsonSchemas.validator(FLAT).validate(arguments)).as("%s", arguments).isEmpty();
        }
    }

    @Test
    void anythingElseGoesToTheFullValidatorWithItsOwnSentences() {
        FlatObjectSchema flat = FlatObjectSchema.of(FLAT);
        var validator = JsonSchemas.validator(FLAT);
        assertThat(flat.conforms(args())).isFalse();
        assertThat(validator.validate(args())).containsExactly("argument 'text' is required");
        assertThat(flat.conforms(args("text", 3))).isFalse();
        assertThat(validator.validate(args("text", 3)))
                .containsExactly("argument 'text' must be a string, got a number");
        assertThat(flat.conforms(args("text", "a", "extra", 1))).isFalse();
        assertThat(validator.validate(args("text", "a", "extra", 1)))
                .containsExactly("argument 'extra' is not allowed");
        assertThat(flat.conforms(args("text", "a", "times", 1.5))).isFalse();
        assertThat(validator.validate(args("text", "a", "times", 1.5))).isNotEmpty();
        var nulls = args("text", null);
        assertThat(flat.conforms(nulls)).isFalse();
        assertThat(validator.validate(nulls)).isNotEmpty();
    }

    @Test
    void openSchemasLetOtherMembersThrough() {
        var open = Map.<String, Object>of("type", "object", "properties", Map.of("text", Map.of("type", "string")));
        assertThat(FlatObjectSchema.of(open).conforms(args("other", List.of(1)))).isTrue();
        assertThat(JsonSchemas.validator(open).validate(args("other", List.of(1)))).isEmpty();
    }

    @Test
    void schemasWithAnyOtherKeywordAreLeftToTheFullValidator() {
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "properties",
                Map.of("city", Map.of("type", "string", "minLength", 2))))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "properties",
                Map.of("when", Map.of("type", "string", "format", "date-time"))))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "properties",
                Map.of("tags", Map.of("type", "array"))))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "minProperties", 1))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "additionalProperties", Map.of("type", "string"))))
                .isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", List.of("object", "null")))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "$defs", Map.of()))).isNull();
    }

    /**
     * Schemas of the flat shape skip the meta-schema check (the validator is not even loaded for them), so the shape
     * must never take a schema that a meta-schema refuses: random near-flat schemas, each checked against both.
     */
    @Test
    void whatTheFlatShapeTakesEveryMetaSchemaTakesToo() {
        var random = new java.util.Random(17);
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        Object[] texts = {"a text", "", 5, true, List.of("x"), Map.of()};
        Object[] types = {"string", "boolean", "integer", "number", "null", "array", 3};
        int flat = 0;
        for (int round = 0; round < 400; round++) {
            var schema = new LinkedHashMap<String, Object>();
            schema.put("type", random.nextInt(10) == 0 ? "array" : "object");
            var properties = new LinkedHashMap<String, Object>();
            var names = new java.util.ArrayList<Object>();
            for (int i = 0; i < random.nextInt(4); i++) {
                var property = new LinkedHashMap<String, Object>();
                property.put("type", types[random.nextInt(types.length)]);
                if (random.nextBoolean()) property.put("description", texts[random.nextInt(texts.length)]);
                if (random.nextInt(4) == 0) property.put("title", texts[random.nextInt(texts.length)]);
                properties.put("p" + i, property);
                if (random.nextBoolean()) names.add("p" + i);
            }
            schema.put("properties", properties);
            if (random.nextInt(6) == 0 && !names.isEmpty()) names.add(names.get(0));
            if (random.nextInt(8) == 0) names.add(7);
            if (random.nextBoolean()) schema.put("required", names);
            if (random.nextBoolean()) schema.put("additionalProperties", random.nextInt(5) != 0 || "x".isEmpty());
            if (random.nextInt(4) == 0) schema.put("description", texts[random.nextInt(texts.length)]);
            if (random.nextInt(5) == 0) schema.put("title", texts[random.nextInt(texts.length)]);
            if (FlatObjectSchema.of(schema) == null) continue;
            flat++;
            for (Dialect dialect : Dialect.values()) {
                assertThat(JsonSchemas.againstMetaSchema(dialect, mapper.valueToTree(schema)))
                        .as("%s under %s", schema, dialect).isEmpty();
            }
        }
        assertThat(flat).as("flat schemas among the 400").isGreaterThan(40);
    }

    @Test
    void textKeywordsThatAreNotTextAndRepeatedNamesAreNotFlat() {
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "description", 5))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "properties",
                Map.of("a", Map.of("type", "string", "title", List.of("x")))))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "required", List.of("a", "a")))).isNull();
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "$schema", 7))).isNull();
        var nullDescription = new java.util.HashMap<String, Object>(Map.of("type", "object"));
        nullDescription.put("description", null);
        assertThat(FlatObjectSchema.of(nullDescription)).isNull();
        var nullRequired = new java.util.HashMap<String, Object>(Map.of("type", "object"));
        nullRequired.put("required", null);
        assertThat(FlatObjectSchema.of(nullRequired)).isNull();
        var nullTitle = new java.util.HashMap<String, Object>(Map.of("type", "string"));
        nullTitle.put("title", null);
        assertThat(FlatObjectSchema.of(Map.of("type", "object", "properties", Map.of("a", nullTitle)))).isNull();
        assertThatThrownBy(() -> JsonSchemas.validator(nullDescription))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a valid JSON Schema");
    }
}
