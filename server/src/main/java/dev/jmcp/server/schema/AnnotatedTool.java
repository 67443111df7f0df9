package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JavaType;
import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link McpTool} method as a {@link Tool} and its {@link ToolHandler}, everything resolved at declare time.
 *
 * <p>Annotations: {@link ToolAnnotations} are declared only when the author changed a hint from its default; then all
 * four hints are given, so a client sees them together.
 *
 * <p>Return values: a {@code String} becomes text content; a {@link CallToolResult} is the result; a {@link Content}
 * its only content; {@code void} or {@code null} an empty result. Anything else is structured: its JSON tree is the
 * {@code structuredContent}, repeated as JSON text in a text block (the specification: "a tool that returns
 * structured content SHOULD also return the serialized JSON in a TextContent block"), and the {@code outputSchema} is
 * generated from the declared return type. {@code structuredContent} must be an object, so a value that is not one (a
 * list, a number, an enum) is put under a {@code result} property, and the output schema says so.
 */
record AnnotatedTool(Tool tool, ToolHandler handler) {
    private static final String RESULT = "result";

    /**
     * Resolves {@code method}; {@code schemas} and {@code values} are the declaration's own (see {@link JavaValues}),
     * and the handler keeps {@code values}.
     */
    static AnnotatedTool of(Object instance, Method method, McpTool annotation, TypeSchemas schemas,
                            JavaValues values) {
        var properties = new ArrayList<TypeSchemas.Property>();
        var sources = new ArgumentSource[method.getParameterCount()];
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            Parameter p = parameters[i];
            if (p.getType() == RequestContext.class) {
                sources[i] = ArgumentSource.CONTEXT;
                continue;
            }
            Arg arg = p.getAnnotation(Arg.class);
            String name = Parameters.name(method, p, arg);
            if (properties.stream().anyMatch(q -> q.name().equals(name))) {
                throw Parameters.problem(method, "two parameters are named '" + name + "'");
            }
            Type valueType = Parameters.valueType(method, p);
            boolean required = Parameters.required(p, arg);
            properties.add(new TypeSchemas.Property(name, valueType, Parameters.description(arg), required));
            sources[i] = source(values, name, values.type(valueType), p.getType() == Optional.class,
                    p.getType().isPrimitive());
        }
        Map<String, Object> input = schemas.object(properties);
        Output output = Output.of(method, schemas, values);
        check(method, "input", input);
        if (output.schema() != null) check(method, "output", output.schema());

        String name = annotation.name().isEmpty() ? method.getName() : annotation.name();
        var tool = new Tool(name, blank(annotation.title()), blank(annotation.description()), input, output.schema(),
                annotations(annotation), null, null);
        MethodCall call = MethodCall.of(instance, method);
        ToolHandler handler = (arguments, context) ->
                output.result(call.invoke(ArgumentSource.values(sources, arguments, context)));
        return new AnnotatedTool(tool, handler);
    }

    private static ArgumentSource source(JavaValues values, String name, JavaType type, boolean optional,
                                         boolean primitive) {
        String what = "argument '" + name + "'";
        return (arguments, context) -> {
            Object given = arguments.get(name);
            if (given == null) {
                if (primitive) throw new IllegalArgumentException(what + " is required");
                return optional ? Optional.empty() : null;
            }
            Object value = values.read(given, type, what);
            return optional ? Optional.ofNullable(value) : value;
        };
    }

    /** A generated schema that the validator would refuse is a bug of ours or an unsupported type: say which. */
    private static void check(Method method, String which, Map<String, Object> schema) {
        try {
            JsonSchemas.checkSchema(schema);
        } catch (IllegalArgumentException e) {
            throw Parameters.problem(method, "the generated " + which + " schema is not usable: " + e.getMessage());
        }
    }

    private static ToolAnnotations annotations(McpTool a) {
        boolean defaults = !a.readOnlyHint() && a.destructiveHint() && !a.idempotentHint() && a.openWorldHint();
        if (defaults) return null;
        return new ToolAnnotations(null, a.readOnlyHint(), a.destructiveHint(), a.idempotentHint(), a.openWorldHint());
    }

    static String blank(String s) {
        return s.isEmpty() ? null : s;
    }

    /** How a method's return value becomes a {@link CallToolResult}, decided from its declared return type. */
    private record Output(Map<String, Object> schema, boolean wrapped, JavaValues values) {

        static Output of(Method method, TypeSchemas schemas, JavaValues values) {
            Class<?> type = method.getReturnType();
            if (type == void.class || type == Void.class || type == String.class || type == CallToolResult.class
                    || Content.class.isAssignableFrom(type) || type == Object.class) {
                return new Output(null, false, values);
            }
            if (type == Optional.class) {
                throw Parameters.problem(method, "a tool may not return Optional; return null for no result");
            }
            Map<String, Object> schema = schemas.of(method.getGenericReturnType());
            if ("object".equals(schema.get("type"))) return new Output(schema, false, values);
            var wrapper = new LinkedHashMap<String, Object>();
            wrapper.put("type", "object");
            Object defs = schema.remove("$defs");
            wrapper.put("properties", Map.of(RESULT, schema));
            wrapper.put("required", List.of(RESULT));
            if (defs != null) wrapper.put("$defs", defs);
            return new Output(wrapper, true, values);
        }

        CallToolResult result(Object value) {
            return switch (value) {
                case null -> new CallToolResult(List.of(), null, null, null);
                case CallToolResult r -> r;
                case Content c -> CallToolResult.of(c);
                case String s -> CallToolResult.text(s);
                default -> structured(value);
            };
        }

        private CallToolResult structured(Object value) {
            Object tree = values.tree(value);
            Map<String, Object> content;
            if (!wrapped && tree instanceof Map<?, ?>) {
                content = values.object(tree);
            } else {
                content = new LinkedHashMap<>();
                content.put(RESULT, tree);
            }
            return new CallToolResult(List.of(new TextContent(values.json(content))), content, null, null);
        }
    }
}
