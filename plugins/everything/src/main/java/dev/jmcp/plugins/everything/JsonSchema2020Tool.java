package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;

import java.util.List;
import java.util.Map;

/**
 * {@code json_schema_2020_12_tool}: a tool whose input schema uses the JSON Schema 2020-12 keywords the suite's
 * {@code json-schema-2020-12} scenario (SEP-2106) looks for in {@code tools/list} — {@code $schema}, {@code $defs} with
 * an {@code $anchor}, {@code $ref}, {@code allOf}/{@code anyOf}, {@code if}/{@code then}/{@code else} and
 * {@code additionalProperties: false}. The server must list it unchanged. Calling it echoes its arguments. Stateless.
 */
final class JsonSchema2020Tool {
    static final String NAME = "json_schema_2020_12_tool";
    static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private JsonSchema2020Tool() {
    }

    static void register(Registrar registrar) {
        registrar.tool(new Tool(NAME, "Takes a contact whose input schema uses JSON Schema 2020-12 features.",
                inputSchema()), (arguments, context) -> CallToolResult.text("Received contact: " + arguments));
    }

    static Map<String, Object> inputSchema() {
        var address = Schemas.ordered(
                "$anchor", "addressDef",
                "type", "object",
                "properties", Schemas.ordered("street", Map.of("type", "string"), "city", Map.of("type", "string")));
        return Schemas.ordered(
                "$schema", DIALECT,
                "type", "object",
                "$defs", Map.of("address", address),
                "properties", Schemas.ordered(
                        "name", Map.of("type", "string"),
                        "address", Map.of("$ref", "#/$defs/address"),
                        "contactMethod", Map.of("type", "string", "enum", List.of("phone", "email")),
                        "phone", Map.of("type", "string"),
                        "email", Map.of("type", "string")),
                "allOf", List.of(Map.of("anyOf", List.of(
                        Map.of("required", List.of("phone")),
                        Map.of("required", List.of("email"))))),
                "if", Map.of(
                        "properties", Map.of("contactMethod", Map.of("const", "phone")),
                        "required", List.of("contactMethod")),
                "then", Map.of("required", List.of("phone")),
                "else", Map.of("required", List.of("email")),
                "additionalProperties", false);
    }
}
