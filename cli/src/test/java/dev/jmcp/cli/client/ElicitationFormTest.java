package dev.jmcp.cli.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every field type of the 2025-11-25 form schema, typed as a person would, wrong answers first. */
@Timeout(10)
class ElicitationFormTest {
    private final StringWriter said = new StringWriter();

    private Map<String, Object> answer(Map<String, Object> schema, String... lines) {
        var typed = new ArrayDeque<>(List.of(lines));
        return new ElicitationForm(prompt -> {
            said.append(prompt).append('\n');
            return typed.poll();
        }, new PrintWriter(said, true)).ask(schema);
    }

    @Test
    void eachAnswerIsCheckedAgainstItsFieldAndSentAsItsType() {
        Map<String, Object> schema = Map.of("type", "object", "properties", new java.util.LinkedHashMap<>(Map.of()));
        @SuppressWarnings("unchecked")
        var properties = (Map<String, Object>) schema.get("properties");
        properties.put("email", Map.of("type", "string", "format", "email"));
        properties.put("site", Map.of("type", "string", "format", "uri"));
        properties.put("born", Map.of("type", "string", "format", "date"));
        properties.put("at", Map.of("type", "string", "format", "date-time"));
        properties.put("count", Map.of("type", "integer", "minimum", 1, "maximum", 100));
        properties.put("weight", Map.of("type", "number", "maximum", 1000));
        properties.put("name", Map.of("type", "string", "minLength", 2, "maxLength", 5));
        properties.put("hero", Map.of("type", "string", "oneOf", List.of(Map.of("const", "hero-1", "title", "Superman"),
                Map.of("const", "hero-2", "title", "Green Lantern"))));
        properties.put("bands", Map.of("type", "array", "minItems", 1, "maxItems", 2,
                "items", Map.of("type", "string", "enum", List.of("Guitar", "Piano", "Drums"))));
        properties.put("fish", Map.of("type", "array", "items", Map.of("anyOf",
                List.of(Map.of("const", "fish-1", "title", "Tuna"), Map.of("const", "fish-2", "title", "Salmon")))));
        properties.put("pet", Map.of("type", "string", "enum", List.of("pet-1", "pet-2"), "enumNames", List.of("Cats", "Dogs")));
        properties.put("agree", Map.of("type", "boolean"));

        Map<String, Object> content = answer(schema,
                "nope", "ada@example.org",
                "not a uri", "https://example.org",
                "1815-13-10", "1815-12-10",
                "2025-11-25 10:30", "2025-11-25T10:30:00Z",
                "500", "0", "7",
                "5000", "2.5",
                "a", "toolong", "Ada",
                "Green Lantern",
                "1,2,3", "2,3",
                "1,2",
                "2",
                "y");
        assertThat(content).containsEntry("email", "ada@example.org").containsEntry("site", "https://example.org")
                .containsEntry("born", "1815-12-10").containsEntry("at", "2025-11-25T10:30:00Z")
                .containsEntry("count", 7L).containsEntry("weight", 2.5).containsEntry("name", "Ada")
                .containsEntry("hero", "hero-2").containsEntry("bands", List.of("Piano", "Drums"))
                .containsEntry("fish", List.of("fish-1", "fish-2")).containsEntry("pet", "pet-2")
                .containsEntry("agree", true);
        assertThat(said.toString()).contains("an email address", "a URI", "YYYY-MM-DD", "at most 100", "at least 1",
                "at most 1000", "at least 2 characters", "at most 5 characters", "choose at most 2",
                "1) Superman", "2) Green Lantern", "1) Cats").doesNotContain("1) hero-1");
    }

    @Test
    void theEndOfInputAbandonsTheFormAndOptionalFieldsMayStayEmpty() {
        var schema = Map.<String, Object>of("type", "object", "properties",
                Map.of("note", Map.of("type", "string")), "required", List.of());
        assertThat(answer(schema, "")).isEmpty();
        assertThatThrownBy(() -> answer(schema)).isInstanceOf(ElicitationForm.Abandoned.class);
    }
}
