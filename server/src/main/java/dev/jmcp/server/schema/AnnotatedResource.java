package dev.jmcp.server.schema;

import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.protocol.Resource;

import java.lang.reflect.Method;

/**
 * A {@link McpResource} method as a {@link Resource} and its {@link ResourceHandler}. It takes nothing or a
 * {@link RequestContext}; see {@link ResourceReturn} for what it returns.
 */
record AnnotatedResource(Resource resource, ResourceHandler handler) {

    static AnnotatedResource of(Object instance, Method method, McpResource annotation) {
        Class<?>[] types = method.getParameterTypes();
        if (types.length > 1 || (types.length == 1 && types[0] != RequestContext.class)) {
            throw Parameters.problem(method, "a resource method takes no parameters, or only a RequestContext");
        }
        boolean wantsContext = types.length == 1;
        String mimeType = AnnotatedTool.blank(annotation.mimeType());
        ResourceReturn result = ResourceReturn.of(method, mimeType);
        String name = annotation.name().isEmpty() ? method.getName() : annotation.name();
        var resource = new Resource(annotation.uri(), name, AnnotatedTool.blank(annotation.title()),
                AnnotatedTool.blank(annotation.description()), mimeType, null, null, null, null);
        MethodCall call = MethodCall.of(instance, method);
        ResourceHandler handler = (uri, context) ->
                result.result(uri, call.invoke(wantsContext ? new Object[] {context} : new Object[0]));
        return new AnnotatedResource(resource, handler);
    }
}
