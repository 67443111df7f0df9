package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.NonValidationKeyword;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.ValidationMessage;
import dev.jmcp.server.registry.ArgumentsValidator;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Compiles the JSON Schemas tools declare — {@code inputSchema} into an {@link ArgumentsValidator}, {@code outputSchema}
 * into a checker of {@code structuredContent} — and checks that a declared schema is itself valid.
 *
 * <p>Dialects: 2020-12 (also when {@code $schema} is absent, as MCP 2025-11-25 says) and draft-07; any other
 * {@code $schema} is refused. A schema never reaches the network or the class path: {@code $ref} may point inside the
 * schema only (see {@link BundledMetaSchemas}). Every method is static and thread-safe; the validators they return are
 * immutable, thread-safe and meant to be built once, when the plugin loads, and used for every call. Every method
 * throws {@link IllegalArgumentException} with a reason when a schema is unusable, so a plugin declaring one fails to
 * load and says why.
 *
 * <p>What is static here sees only JSON trees: the schema factories cache meta-schemas and compile trees. Turning a
 * schema or the validated values into a tree goes through a mapper of each validator's own, since those values come
 * from a plugin and may hold its classes (an enum constant in an {@code enum} list, say), which a shared mapper
 * would keep along with the plugin's class loader.
 */
public final class JsonSchemas {
    /**
     * The validator's factories, made at the first schema that needs the validator: a JVM whose schemas are all flat
     * (FlatObjectSchema) never loads it.
     */
    private static final class Validator {
        private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .build();
        private static final Map<Dialect, JsonSchemaFactory> FACTORIES = new EnumMap<>(Dialect.class);

        static {
            var loader = new BundledMetaSchemas();
            for (Dialect d : Dialect.values()) {
                // x-mcp-header (revision 2026-07-28) names the HTTP header a property is mirrored to; it constrains no
                // value. Neither do other keywords a dialect does not define (JSON Schema lets a schema carry its own,
                // and mounted servers' schemas do: "parent", "opt_fields"...): they are read as annotations, without
                // the validator's warning for each one at every start, which told the user nothing they could act on.
                JsonMetaSchema meta = JsonMetaSchema.builder(switch (d) {
                    case DRAFT_2020_12 -> JsonMetaSchema.getV202012();
                    case DRAFT_07 -> JsonMetaSchema.getV7();
                }).keyword(new NonValidationKeyword("x-mcp-header"))
                        .unknownKeywordFactory((keyword, context) -> new NonValidationKeyword(keyword)).build();
                FACTORIES.put(d, JsonSchemaFactory.getInstance(d.version(),
                        builder -> builder.schemaLoaders(loaders -> loaders.add(loader)).metaSchema(meta)));
            }
        }
    }

    private JsonSchemas() {
    }

    /**
     * A validator of tool arguments against {@code schema}, a tool's {@code inputSchema}. Its sentences read
     * {@code argument 'city' is required}. Checks the schema first ({@link #checkSchema}).
     */
    public static ArgumentsValidator validator(Map<String, Object> schema) {
        return compile(schema, Violations.ARGUMENTS);
    }

    /**
     * A validator of a tool result's {@code structuredContent} against {@code schema}, the tool's
     * {@code outputSchema}. Its sentences read {@code field 'temperature' must be a number, got a string}.
     */
    public static ArgumentsValidator outputValidator(Map<String, Object> schema) {
        return compile(schema, Violations.STRUCTURED_CONTENT);
    }

    /**
     * Checks that {@code schema} is a valid JSON Schema of a supported dialect that jmcp can use: it must validate
     * against its dialect's meta-schema and refer to nothing outside itself. Throws {@link IllegalArgumentException}
     * naming every problem found.
     */
    public static void checkSchema(Map<String, Object> schema) {
        compile(schema, Violations.ARGUMENTS);
    }

    private static ArgumentsValidator compile(Map<String, Object> schema, Violations violations) {
        if (schema == null) throw new IllegalArgumentException("a schema is required, got null");
        Dialect dialect = Dialect.of(schema);
        ObjectMapper trees = Mappers.unshared().build();
        JsonNode node = trees.valueToTree(schema);
        FlatObjectSchema flat = FlatObjectSchema.of(schema);
        if (flat != null) {
            // Valid by its shape: the validator (its meta-schemas, 0.5 s of CPU in a JVM that has not used it yet, as
            // a plugin's test has not) is only needed once arguments come that the quick check cannot pass.
            return new CompiledSchema(() -> full(dialect, node), violations, trees, flat);
        }
        try {
            Set<ValidationMessage> problems = againstMetaSchema(dialect, node);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("not a valid JSON Schema (" + dialect.iri() + "): "
                        + String.join("; ", Violations.SCHEMA.sentences(problems)));
            }
            JsonSchema compiled = full(dialect, node);
            return new CompiledSchema(() -> compiled, violations, trees, null);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            RemoteSchemaRefusedException refused = refusal(e);
            if (refused != null) throw new IllegalArgumentException(refused.getMessage(), e);
            throw new IllegalArgumentException("unusable JSON Schema: " + e.getMessage(), e);
        }
    }

    /** What {@code dialect}'s meta-schema finds wrong with {@code node}; empty when it is a valid schema. */
    static Set<ValidationMessage> againstMetaSchema(Dialect dialect, JsonNode node) {
        return Validator.FACTORIES.get(dialect).getSchema(SchemaLocation.of(dialect.iri()), Validator.CONFIG)
                .validate(node);
    }

    /** {@code node}, a schema of {@code dialect}, compiled by the validator. */
    private static JsonSchema full(Dialect dialect, JsonNode node) {
        JsonSchema compiled = Validator.FACTORIES.get(dialect).getSchema(node, Validator.CONFIG);
        compiled.initializeValidators();
        return compiled;
    }

    /** The refusal a schema library exception wraps, if any: the library wraps loader failures its own way. */
    static RemoteSchemaRefusedException refusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RemoteSchemaRefusedException r) return r;
        }
        return null;
    }
}
