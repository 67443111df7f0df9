package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A {@link McpPrompt} method as a {@link Prompt} and its {@link PromptHandler}. Its {@code String} parameters are the
 * prompt's arguments, in declaration order (a missing optional one arrives as {@code null}); a {@link RequestContext}
 * parameter is injected. It returns a {@link GetPromptResult}, a {@code List<PromptMessage>}, a {@link PromptMessage},
 * or a {@code String} (one user message); the annotation's description goes with the messages.
 */
record AnnotatedPrompt(Prompt prompt, PromptHandler handler) {

    static AnnotatedPrompt of(Object instance, Method method, McpPrompt annotation) {
        var arguments = new ArrayList<PromptArgument>();
        var sources = new ArgumentSource[method.getParameterCount()];
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            Parameter p = parameters[i];
            if (p.getType() == RequestContext.class) {
                sources[i] = ArgumentSource.CONTEXT;
                continue;
            }
            if (p.getType() != String.class) {
                throw Parameters.problem(method, "prompt arguments are strings, but parameter " + p.getName() + " is "
                        + p.getType().getSimpleName());
            }
            Arg arg = p.getAnnotation(Arg.class);
            String name = Parameters.name(method, p, arg);
            if (arguments.stream().anyMatch(a -> a.name().equals(name))) {
                throw Parameters.problem(method, "two parameters are named '" + name + "'");
            }
            arguments.add(new PromptArgument(name, null, AnnotatedTool.blank(Parameters.description(arg)),
                    Parameters.required(p, arg)));
            sources[i] = (given, context) -> given.get(name);
        }
        String description = AnnotatedTool.blank(annotation.description());
        Function<Object, GetPromptResult> result = result(method, description);
        String name = annotation.name().isEmpty() ? method.getName() : annotation.name();
        var prompt = new Prompt(name, AnnotatedTool.blank(annotation.title()), description,
                arguments.isEmpty() ? null : arguments, null, null);
        MethodCall call = MethodCall.of(instance, method);
        PromptHandler handler = (given, context) -> result.apply(call.invoke(ArgumentSource.values(sources, given, context)));
        return new AnnotatedPrompt(prompt, handler);
    }

    private static Function<Object, GetPromptResult> result(Method method, String description) {
        Class<?> type = method.getReturnType();
        if (type == GetPromptResult.class) return value -> (GetPromptResult) value;
        if (type == PromptMessage.class) return value -> new GetPromptResult(description, List.of((PromptMessage) value));
        if (type == String.class) {
            return value -> new GetPromptResult(description, List.of(PromptMessage.user((String) value)));
        }
        if (type == List.class && method.getGenericReturnType() instanceof ParameterizedType list
                && list.getActualTypeArguments()[0] == PromptMessage.class) {
            return value -> {
                @SuppressWarnings("unchecked")
                var messages = (List<PromptMessage>) value;
                return new GetPromptResult(description, messages);
            };
        }
        throw Parameters.problem(method, "a prompt returns GetPromptResult, List<PromptMessage>, PromptMessage or"
                + " String, not " + method.getGenericReturnType().getTypeName());
    }
}
