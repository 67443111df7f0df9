package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** How an annotated method's parameters are named, typed and required. Stateless. */
final class Parameters {
    private Parameters() {
    }

    /**
     * The argument's name: {@link Arg#name()} or the parameter's compiled name. Throws when neither exists (the class
     * was compiled without {@code -parameters}), since {@code arg0} would be a useless name for a model.
     */
    static String name(Method method, Parameter parameter, Arg arg) {
        if (arg != null && !arg.name().isEmpty()) return arg.name();
        if (parameter.isNamePresent()) return parameter.getName();
        throw problem(method, "parameter " + parameter.getName() + " has no name; name it with @Arg(name = \"...\")"
                + " or compile with -parameters");
    }

    /** Primitives are always required, {@code Optional}s never; otherwise {@link Arg#required()}, true by default. */
    static boolean required(Parameter parameter, Arg arg) {
        if (parameter.getType().isPrimitive()) return true;
        if (parameter.getType() == Optional.class) return false;
        return arg == null || arg.required();
    }

    /** The type a client's value is read as: {@code T} for {@code Optional<T>}, else the declared type. */
    static Type valueType(Method method, Parameter parameter) {
        if (parameter.getType() != Optional.class) return parameter.getParameterizedType();
        if (parameter.getParameterizedType() instanceof ParameterizedType p) return p.getActualTypeArguments()[0];
        throw problem(method, "parameter " + parameter.getName() + " is a raw Optional; say what it holds, such as"
                + " Optional<String>");
    }

    static String description(Arg arg) {
        return arg == null ? "" : arg.description();
    }

    /** A declaration error, naming the class and method so the author finds it. */
    static IllegalArgumentException problem(Method method, String what) {
        return new IllegalArgumentException(signature(method) + ": " + what);
    }

    static String signature(Method method) {
        return method.getDeclaringClass().getName() + "." + method.getName() + Arrays.stream(method.getParameterTypes())
                .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    }
}
