package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpResourceTemplate;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.server.registry.UriTemplate;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;

/**
 * A {@link McpResourceTemplate} method as a {@link ResourceTemplate} and its {@link ResourceTemplateHandler}. Each
 * {@code String} parameter receives the template variable of its name ({@link Arg#name()} or the parameter's); a
 * parameter naming no variable of the template fails the declaration. A {@link RequestContext} parameter is injected.
 * See {@link ResourceReturn} for what it returns.
 */
record AnnotatedResourceTemplate(ResourceTemplate template, ResourceTemplateHandler handler) {

    static AnnotatedResourceTemplate of(Object instance, Method method, McpResourceTemplate annotation) {
        UriTemplate uriTemplate;
        try {
            uriTemplate = new UriTemplate(annotation.uriTemplate());
        } catch (IllegalArgumentException e) {
            throw Parameters.problem(method, e.getMessage());
        }
        var sources = new ArgumentSource[method.getParameterCount()];
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            Parameter p = parameters[i];
            if (p.getType() == RequestContext.class) {
                sources[i] = ArgumentSource.CONTEXT;
                continue;
            }
            if (p.getType() != String.class) {
                throw Parameters.problem(method, "template variables are strings, but parameter " + p.getName()
                        + " is " + p.getType().getSimpleName());
            }
            String name = Parameters.name(method, p, p.getAnnotation(Arg.class));
            if (!uriTemplate.variables().contains(name)) {
                throw Parameters.problem(method, "parameter '" + name + "' names no variable of " + uriTemplate
                        + " (its variables: " + String.join(", ", uriTemplate.variables()) + ")");
            }
            sources[i] = (variables, context) -> variables.get(name);
        }
        String mimeType = AnnotatedTool.blank(annotation.mimeType());
        ResourceReturn result = ResourceReturn.of(method, mimeType);
        String name = annotation.name().isEmpty() ? method.getName() : annotation.name();
        var template = new ResourceTemplate(annotation.uriTemplate(), name, AnnotatedTool.blank(annotation.title()),
                AnnotatedTool.blank(annotation.description()), mimeType, null, null, null);
        MethodCall call = MethodCall.of(instance, method);
        ResourceTemplateHandler handler = (uri, variables, context) ->
                result.result(uri, call.invoke(ArgumentSource.values(sources, variables, context)));
        return new AnnotatedResourceTemplate(template, handler);
    }
}
