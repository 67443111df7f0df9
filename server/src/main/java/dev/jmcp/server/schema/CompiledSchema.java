package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import dev.jmcp.server.registry.ArgumentsValidator;

import java.util.List;
import java.util.Map;

/**
 * One schema, compiled once, checking JSON objects against it. Immutable and thread-safe: the compiled schema keeps no
 * per-call state, and each call only turns its input into a tree, with a mapper of this validator's own (see
 * {@link JsonSchemas}) so that it goes away with the plugin that declared the schema.
 */
final class CompiledSchema implements ArgumentsValidator {
    private final JsonSchema schema;
    private final Violations violations;
    private final ObjectMapper trees;
    /** The quick check of a flat object schema (the usual tool's), or null: every call goes to {@link #schema}. */
    private final FlatObjectSchema flat;

    CompiledSchema(JsonSchema schema, Violations violations, ObjectMapper trees, FlatObjectSchema flat) {
        this.schema = schema;
        this.violations = violations;
        this.trees = trees;
        this.flat = flat;
    }

    @Override
    public List<String> validate(Map<String, Object> arguments) {
        Map<String, Object> input = arguments == null ? Map.of() : arguments;
        if (flat != null && flat.conforms(input)) return List.of();
        JsonNode node = TreeNodes.of(input);
        if (node == null) node = trees.valueToTree(input);
        try {
            return violations.sentences(schema.validate(node));
        } catch (RuntimeException e) {
            // A reference resolved lazily may still be refused here; say so instead of failing the call obscurely.
            RemoteSchemaRefusedException refused = JsonSchemas.refusal(e);
            if (refused == null) throw e;
            return List.of(violations.whole() + " cannot be checked: " + refused.getMessage());
        }
    }
}
