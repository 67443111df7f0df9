package dev.jmcp.server.schema;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * One annotated method, resolved once into a method handle bound to its object and called many times. The method's
 * own exceptions come out unchanged — {@code ToolException}, checked exceptions, and {@code InterruptedException},
 * which is how a cancelled call ends — never wrapped in a reflection exception. Immutable and thread-safe as far as
 * the called method is.
 */
final class MethodCall {
    private final MethodHandle handle;

    private MethodCall(MethodHandle handle) {
        this.handle = handle;
    }

    /** Resolves {@code method} of {@code instance} (ignored for a static method). */
    static MethodCall of(Object instance, Method method) {
        if (!Modifier.isPublic(method.getModifiers())) {
            throw Parameters.problem(method, "an annotated method must be public");
        }
        // A public method of a class that is not itself public (a nested or package-private plugin class) is still
        // meant to be called: open it for this one reflective access.
        if (!Modifier.isPublic(method.getDeclaringClass().getModifiers())) method.trySetAccessible();
        MethodHandle h;
        try {
            h = MethodHandles.lookup().unreflect(method);
        } catch (IllegalAccessException e) {
            throw Parameters.problem(method, "cannot be called: " + e.getMessage());
        }
        if (!Modifier.isStatic(method.getModifiers())) h = h.bindTo(instance);
        int arity = method.getParameterCount();
        h = h.asSpreader(Object[].class, arity).asType(MethodType.methodType(Object.class, Object[].class));
        return new MethodCall(h);
    }

    /** Calls the method; its return value (null for {@code void}), or whatever it threw. */
    Object invoke(Object[] arguments) throws Exception {
        try {
            return (Object) handle.invokeExact(arguments);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
