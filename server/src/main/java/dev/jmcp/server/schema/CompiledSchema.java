package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import dev.jmcp.server.registry.ArgumentsValidator;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One schema, compiled once, checking JSON objects against it. Immutable and thread-safe: the compiled schema keeps no
 * per-call state, and each call only turns its input into a tree, with a mapper of this validator's own (see
 * {@link JsonSchemas}) so that it goes away with the plugin that declared the schema.
 */
final class CompiledSchema implements ArgumentsValidator {
    /** Compiles the full validator's schema, for a flat schema at the first call that needs it. */
    private final Supplier<JsonSchema> compiler;
    /** The full validator's schema, once compiled. */
    private volatile JsonSchema schema;
    private final Violations violations;
    private final ObjectMapper trees;
    /** The quick check of a flat object schema (the usual tool's), or null: every call goes to {@link #schema}. */
    private final FlatObjectSchema flat;

    /** {@code compiler} gives the full validator's schema: at once when {@code flat} is null, else when needed. */
    CompiledSchema(Supplier<JsonSchema> compiler, Violations violations, ObjectMapper trees, FlatObjectSchema flat) {
        this.compiler = compiler;
        if (flat == null) this.schema = compiler.get();
        this.violations = violations;
        this.trees = trees;
        this.flat = flat;
    }

    private JsonSchema schema() {
        JsonSchema compiled = schema;
        if (compiled == null) {
            synchronized (this) {
                compiled = schema;
                if (compiled == null) schema = compiled = compiler.get();
            }
        }
        return compiled;
    }

    @Override
    public List<String> validate(Map<String, Object> arguments) {
        Map<String, Object> input = arguments == null ? Map.of() : arguments;
        if (flat != null && flat.conforms(input)) return List.of();
        JsonNode node = TreeNodes.of(input);
        if (node == null) node = trees.valueToTree(input);
        try {
            return violations.sentences(schema().validate(node));
        } catch (RuntimeException e) {
            // A reference resolved lazily may still be refused here; say so instead of failing the call obscurely.
            RemoteSchemaRefusedException refused = JsonSchemas.refusal(e);
            if (refused == null) throw e;
            return List.of(violations.whole() + " cannot be checked: " + refused.getMessage());
        }
    }
}
