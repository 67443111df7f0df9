package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaBuilder;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfig;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.Description;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas (2020-12, no {@code $schema} keyword: MCP reads a schema without one as 2020-12) for the Java types of
 * annotated methods, as plain trees of maps and lists.
 *
 * <p>Mapping: strings, numbers ({@code integer} for whole types), booleans; enums as strings with their constants'
 * {@link Enum#name() names}; arrays and collections as {@code array}; {@code Map<String, V>} as {@code object} with
 * {@code additionalProperties} of {@code V}; records and other classes as {@code object} with their fields. A type used
 * more than once (or recursively) lands in {@code $defs} and is referenced; others are inlined. A record component is
 * required when its parameter of the canonical constructor is (see {@link Parameters#required}), and takes its
 * description from {@link Arg} there — an {@code @Arg} written on a record component lands on that parameter. Fields
 * of other classes are never required.
 *
 * <p>One instance per declaration ({@link AnnotatedMethods#declare}), used while it runs and dropped after: its
 * generator caches the plugin types it resolved, so it must never be static nor outlive the plugin it serves. The
 * schemas it returns are plain maps and lists that hold no class. Thread-safe: the generator is immutable once
 * configured.
 */
final class TypeSchemas {
    /**
     * The JSON type of each Java type whose schema is that type alone, as the generator writes it ({@code byte} is not
     * one: the generator writes it as a string). {@code SimpleSchemasTest} holds the two to the same schemas.
     */
    private static final Map<Class<?>, String> SIMPLE = Map.ofEntries(
            Map.entry(String.class, "string"),
            Map.entry(boolean.class, "boolean"), Map.entry(Boolean.class, "boolean"),
            Map.entry(int.class, "integer"), Map.entry(Integer.class, "integer"),
            Map.entry(long.class, "integer"), Map.entry(Long.class, "integer"),
            Map.entry(short.class, "integer"), Map.entry(Short.class, "integer"),
            Map.entry(double.class, "number"), Map.entry(Double.class, "number"),
            Map.entry(float.class, "number"), Map.entry(Float.class, "number"));

    private final ObjectMapper trees = Mappers.unshared().build();
    /**
     * Made when a schema first needs it: a tool whose parameters are all text, numbers and booleans (the common case)
     * is described without it, and the generator's library is then never loaded (a tenth of a plugin's load time).
     */
    private SchemaGenerator generator;

    private synchronized SchemaGenerator generator() {
        if (generator == null) generator = new SchemaGenerator(configure(trees));
        return generator;
    }

    private static SchemaGeneratorConfig configure(ObjectMapper trees) {
        var builder = new SchemaGeneratorConfigBuilder(trees, SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
                .without(Option.SCHEMA_VERSION_INDICATOR)
                .with(Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES, Option.PLAIN_DEFINITION_KEYS);
        builder.forTypesInGeneral()
                .withCustomDefinitionProvider((type, context) -> describedEnum(type.getErasedType(), context))
                .withDescriptionResolver(scope -> {
                    Description description = scope.getType().getErasedType().getAnnotation(Description.class);
                    return description == null ? null : description.value();
                });
        builder.forFields()
                .withRequiredCheck(TypeSchemas::requiredComponent)
                .withDescriptionResolver(field -> {
                    Arg arg = componentArg(field);
                    return arg == null || arg.description().isEmpty() ? null : arg.description();
                });
        return builder.build();
    }

    /**
     * An enum some of whose constants carry {@link Description}: {@code oneOf} one {@code const} per constant, with
     * its description; null (the generator's own {@code enum}) for other types.
     */
    private static CustomDefinition describedEnum(Class<?> type, SchemaGenerationContext context) {
        if (!type.isEnum()) return null;
        var constants = new ArrayList<ObjectNode>();
        boolean described = false;
        for (Field field : type.getDeclaredFields()) {
            if (!field.isEnumConstant()) continue;
            ObjectNode constant = context.getGeneratorConfig().createObjectNode().put("const", field.getName());
            Description description = field.getAnnotation(Description.class);
            if (description != null) {
                constant.put("description", description.value());
                described = true;
            }
            constants.add(constant);
        }
        if (!described) return null;
        ObjectNode definition = context.getGeneratorConfig().createObjectNode().put("type", "string");
        definition.putArray("oneOf").addAll(constants);
        return new CustomDefinition(definition, CustomDefinition.DefinitionType.STANDARD,
                CustomDefinition.AttributeInclusion.YES);
    }

    /** The schema of {@code type} alone, {@code $defs} included when it needs any. */
    Map<String, Object> of(Type type) {
        return tree(generator().generateSchema(type));
    }

    /**
     * An {@code object} schema whose properties are {@code properties}, in order, with the types they declare sharing
     * one {@code $defs}.
     */
    Map<String, Object> object(List<Property> properties) {
        if (properties.stream().allMatch(p -> SIMPLE.containsKey(p.type()))) {
            List<Map<String, Object>> schemas = properties.stream()
                    .map(p -> (Map<String, Object>) new LinkedHashMap<String, Object>(Map.of("type", SIMPLE.get(p.type()))))
                    .toList();
            return object(properties, schemas, Map.of());
        }
        return generated(properties);
    }

    /** {@link #object} as the generator writes it, whatever the types. */
    Map<String, Object> generated(List<Property> properties) {
        SchemaBuilder builder = generator().buildMultipleSchemaDefinitions();
        var references = new ArrayList<ObjectNode>();
        for (Property p : properties) references.add(builder.createSchemaReference(p.type()));
        ObjectNode defs = builder.collectDefinitions("$defs");
        return object(properties, references.stream().map(this::tree).toList(), defs.isEmpty() ? Map.of() : tree(defs));
    }

    private static Map<String, Object> object(List<Property> properties, List<Map<String, Object>> schemas,
                                              Map<String, Object> defs) {
        var schema = new LinkedHashMap<String, Object>();
        schema.put("type", "object");
        var props = new LinkedHashMap<String, Object>();
        var required = new ArrayList<String>();
        for (int i = 0; i < properties.size(); i++) {
            Property p = properties.get(i);
            Map<String, Object> property = schemas.get(i);
            if (!p.description().isEmpty()) property.put("description", p.description());
            props.put(p.name(), property);
            if (p.required()) required.add(p.name());
        }
        schema.put("properties", props);
        if (!required.isEmpty()) schema.put("required", required);
        if (!defs.isEmpty()) schema.put("$defs", defs);
        return schema;
    }

    /** One property of an {@link #object} schema. */
    record Property(String name, Type type, String description, boolean required) {
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> tree(JsonNode node) {
        return trees.convertValue(node, LinkedHashMap.class);
    }

    private static boolean requiredComponent(FieldScope field) {
        Field raw = field.getRawMember();
        if (raw == null || !raw.getDeclaringClass().isRecord()) return false;
        Parameter parameter = canonicalParameter(raw);
        return parameter != null && Parameters.required(parameter, parameter.getAnnotation(Arg.class));
    }

    private static Arg componentArg(FieldScope field) {
        Field raw = field.getRawMember();
        if (raw == null || !raw.getDeclaringClass().isRecord()) return null;
        Parameter parameter = canonicalParameter(raw);
        return parameter == null ? null : parameter.getAnnotation(Arg.class);
    }

    /** The canonical constructor's parameter for a record's component field. */
    private static Parameter canonicalParameter(Field field) {
        Class<?> record = field.getDeclaringClass();
        RecordComponent[] components = record.getRecordComponents();
        var types = new Class<?>[components.length];
        int index = -1;
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            if (components[i].getName().equals(field.getName())) index = i;
        }
        if (index < 0) return null;
        try {
            Constructor<?> canonical = record.getDeclaredConstructor(types);
            return canonical.getParameters()[index];
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
