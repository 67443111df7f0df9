package dev.jmcp.server.schema;

import dev.jmcp.plugin.RequestContext;

import java.util.Map;

/**
 * Where one parameter of an annotated method gets its value on each call: a named argument, read as the parameter's
 * type, or the call's {@link RequestContext}. Built once at declare time; stateless.
 */
@FunctionalInterface
interface ArgumentSource {
    Object value(Map<String, ?> arguments, RequestContext context);

    ArgumentSource CONTEXT = (arguments, context) -> context;

    /** Builds the method's argument array. */
    static Object[] values(ArgumentSource[] sources, Map<String, ?> arguments, RequestContext context) {
        Map<String, ?> given = arguments == null ? Map.of() : arguments;
        var values = new Object[sources.length];
        for (int i = 0; i < sources.length; i++) values[i] = sources[i].value(given, context);
        return values;
    }
}
