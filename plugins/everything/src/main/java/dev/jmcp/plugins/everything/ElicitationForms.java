package dev.jmcp.plugins.everything;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code requestedSchema}s the fixture's elicitation tools send. Each must be a valid 2025-11-25
 * {@code ElicitRequestFormParams.requestedSchema} (flat {@code type: object}, primitive properties), since the suite
 * validates every message the server sends against that schema.
 */
final class ElicitationForms {
    private ElicitationForms() {
    }

    /** Two required strings; the suite answers {@code username: testuser, email: test@example.com}. */
    static Map<String, Object> userInfo() {
        var properties = new LinkedHashMap<String, Object>();
        properties.put("username", Schemas.string("Your user name"));
        var email = Schemas.string("Your e-mail address");
        email.put("format", "email");
        properties.put("email", email);
        return Schemas.object(properties, List.of("username", "email"));
    }

    /** SEP-1034: one field of each primitive type, each with a default of exactly that type. */
    static Map<String, Object> withDefaults() {
        var properties = new LinkedHashMap<String, Object>();
        properties.put("name", withDefault(Schemas.string("Your name"), "John Doe"));
        properties.put("age", withDefault(Schemas.typed("integer", "Your age in years"), 30));
        properties.put("score", withDefault(Schemas.typed("number", "Your score"), 95.5));
        var status = Schemas.string("Your account status");
        status.put("enum", List.of("active", "inactive", "pending"));
        properties.put("status", withDefault(status, "active"));
        properties.put("verified", withDefault(Schemas.typed("boolean", "Whether you are verified"), true));
        return Schemas.object(properties, List.of());
    }

    /**
     * SEP-1330: the five enum shapes — untitled and titled single select, the legacy {@code enumNames} form, untitled
     * and titled multi select — each without the keywords of the other shapes.
     */
    static Map<String, Object> enums() {
        var properties = new LinkedHashMap<String, Object>();
        var untitledSingle = Schemas.string("Pick one option");
        untitledSingle.put("enum", List.of("option1", "option2", "option3"));
        properties.put("untitledSingle", untitledSingle);

        var titledSingle = Schemas.string("Pick one value");
        titledSingle.put("oneOf", titled());
        properties.put("titledSingle", titledSingle);

        var legacy = Schemas.string("Pick one option (legacy titles)");
        legacy.put("enum", List.of("opt1", "opt2", "opt3"));
        legacy.put("enumNames", List.of("Option One", "Option Two", "Option Three"));
        properties.put("legacyEnum", legacy);

        var untitledMulti = Schemas.typed("array", "Pick any options");
        untitledMulti.put("items", Map.of("type", "string", "enum", List.of("option1", "option2", "option3")));
        properties.put("untitledMulti", untitledMulti);

        var titledMulti = Schemas.typed("array", "Pick any values");
        titledMulti.put("items", Map.of("anyOf", titled()));
        properties.put("titledMulti", titledMulti);
        return Schemas.object(properties, List.of());
    }

    private static List<Map<String, Object>> titled() {
        return List.of(
                Map.of("const", "value1", "title", "First value"),
                Map.of("const", "value2", "title", "Second value"),
                Map.of("const", "value3", "title", "Third value"));
    }

    private static Map<String, Object> withDefault(Map<String, Object> schema, Object value) {
        schema.put("default", value);
        return schema;
    }
}
