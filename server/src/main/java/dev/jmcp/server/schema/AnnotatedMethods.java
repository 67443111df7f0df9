package dev.jmcp.server.schema;

import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpResourceTemplate;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Registrar;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Declares the annotated methods of a plugin object through the ordinary {@link Registrar} calls, as if the plugin had
 * written them by hand: {@link McpTool} ({@link AnnotatedTool}), {@link McpPrompt} ({@link AnnotatedPrompt}),
 * {@link McpResource} ({@link AnnotatedResource}), {@link McpResourceTemplate} ({@link AnnotatedResourceTemplate}).
 *
 * <p>Which methods: the public ones of the object's class, its superclasses and interfaces, in a fixed order (by name,
 * then parameter types). A static method is called without the object. An annotated method that is not public fails
 * the declaration rather than being skipped in silence, as does a method with two of these annotations.
 *
 * <p>Everything — schemas, method handles, converters — is resolved here, once; the handlers declared only convert and
 * call. Every mistake in the declarations throws {@link IllegalArgumentException} naming the class, the method and the
 * problem, before anything is declared. Stateless and thread-safe; the handlers are as thread-safe as the methods.
 *
 * <p>Each call has its own schema generator ({@link TypeSchemas}) and value mapper ({@link JavaValues}), since both
 * cache the plugin's classes: the generator is dropped when the call returns, the mapper is kept only by the handlers
 * declared here. So nothing process-wide holds a plugin's types, and a replaced plugin's class loader can be
 * collected once its handlers are gone.
 */
public final class AnnotatedMethods {
    private static final List<Class<? extends Annotation>> KINDS =
            List.of(McpTool.class, McpPrompt.class, McpResource.class, McpResourceTemplate.class);

    private AnnotatedMethods() {
    }

    public static void declare(Object instance, Registrar registrar) {
        if (instance == null) throw new IllegalArgumentException("no object to declare annotated methods of");
        var declarations = new ArrayList<Runnable>();
        var schemas = new TypeSchemas();
        var values = new JavaValues();
        for (Method method : annotatedMethods(instance.getClass())) {
            if (method.getAnnotation(McpTool.class) instanceof McpTool a) {
                var t = AnnotatedTool.of(instance, method, a, schemas, values);
                declarations.add(() -> registrar.tool(t.tool(), t.handler()));
            } else if (method.getAnnotation(McpPrompt.class) instanceof McpPrompt a) {
                var p = AnnotatedPrompt.of(instance, method, a);
                declarations.add(() -> registrar.prompt(p.prompt(), p.handler()));
            } else if (method.getAnnotation(McpResource.class) instanceof McpResource a) {
                var r = AnnotatedResource.of(instance, method, a);
                declarations.add(() -> registrar.resource(r.resource(), r.handler()));
            } else if (method.getAnnotation(McpResourceTemplate.class) instanceof McpResourceTemplate a) {
                var t = AnnotatedResourceTemplate.of(instance, method, a);
                declarations.add(() -> registrar.resourceTemplate(t.template(), t.handler()));
            }
        }
        declarations.forEach(Runnable::run);
    }

    private static List<Method> annotatedMethods(Class<?> type) {
        var found = new ArrayList<Method>();
        for (Method m : type.getMethods()) {
            if (!m.isBridge() && !m.isSynthetic() && kinds(m) > 0) found.add(m);
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && kinds(m) > 0) {
                    throw Parameters.problem(m, "an annotated method must be public");
                }
            }
        }
        for (Method m : found) {
            if (kinds(m) > 1) throw Parameters.problem(m, "a method declares one thing, but it has several of "
                    + "@McpTool, @McpPrompt, @McpResource, @McpResourceTemplate");
        }
        found.sort(Comparator.comparing(Method::getName).thenComparing(Parameters::signature));
        return found;
    }

    private static int kinds(Method m) {
        int n = 0;
        for (var kind : KINDS) if (m.isAnnotationPresent(kind)) n++;
        return n;
    }
}
