package dev.jmcp.server.plugins.containment;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * What a plugin's calls that would end the VM become once {@link ExitRewriter} has rewritten its classes: each
 * method here has the stack shape of the call it replaces (the receiver, if any, as first parameter) and either throws
 * {@link SecurityException} (the exception a {@code SecurityManager} used to throw, so old code that expects it copes)
 * or, for a reflective or method-handle lookup of anything else, does exactly what the original call did. The only
 * server class a plugin's class loader can see (see {@code ApiClassLoader}). Stateless, thread-safe.
 */
public final class ExitGuard {
    private ExitGuard() {
    }

    /** Replaces {@code System.exit(status)}. */
    public static void systemExit(int status) {
        throw refused("System.exit(" + status + ")");
    }

    /** Replaces {@code runtime.exit(status)}. */
    public static void runtimeExit(Runtime runtime, int status) {
        throw refused("Runtime.exit(" + status + ")");
    }

    /** Replaces {@code runtime.halt(status)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        throw refused("Runtime.halt(" + status + ")");
    }

    /** Runs before every {@code method.invoke(...)} of plugin code (which stays the plugin's own call). */
    public static void checkInvoke(Method method) {
        if (method != null && ends(method.getDeclaringClass(), method.getName())) {
            throw refused(method.getDeclaringClass().getSimpleName() + "." + method.getName() + " through reflection");
        }
    }

    /** Replaces a method reference {@code Method::invoke}; only public members are reachable this way. */
    public static Object invoke(Method method, Object target, Object... arguments)
            throws IllegalAccessException, InvocationTargetException {
        checkInvoke(method);
        return method.invoke(target, arguments);
    }

    public static MethodHandle findStatic(MethodHandles.Lookup lookup, Class<?> type, String name, MethodType methodType)
            throws NoSuchMethodException, IllegalAccessException {
        check(type, name);
        return lookup.findStatic(type, name, methodType);
    }

    public static MethodHandle findVirtual(MethodHandles.Lookup lookup, Class<?> type, String name,
                                           MethodType methodType) throws NoSuchMethodException, IllegalAccessException {
        check(type, name);
        return lookup.findVirtual(type, name, methodType);
    }

    public static MethodHandle findSpecial(MethodHandles.Lookup lookup, Class<?> type, String name,
                                           MethodType methodType, Class<?> specialCaller)
            throws NoSuchMethodException, IllegalAccessException {
        check(type, name);
        return lookup.findSpecial(type, name, methodType, specialCaller);
    }

    public static MethodHandle bind(MethodHandles.Lookup lookup, Object receiver, String name, MethodType methodType)
            throws NoSuchMethodException, IllegalAccessException {
        if (receiver != null) check(receiver.getClass(), name);
        return lookup.bind(receiver, name, methodType);
    }

    public static MethodHandle unreflect(MethodHandles.Lookup lookup, Method method) throws IllegalAccessException {
        checkInvoke(method);
        return lookup.unreflect(method);
    }

    public static MethodHandle unreflectSpecial(MethodHandles.Lookup lookup, Method method, Class<?> specialCaller)
            throws IllegalAccessException {
        checkInvoke(method);
        return lookup.unreflectSpecial(method, specialCaller);
    }

    private static void check(Class<?> type, String name) {
        if (ends(type, name)) throw refused(type.getSimpleName() + "." + name + " through a method handle");
    }

    private static boolean ends(Class<?> type, String name) {
        return type == System.class && name.equals("exit")
                || type == Runtime.class && (name.equals("exit") || name.equals("halt"));
    }

    private static SecurityException refused(String what) {
        return new SecurityException("A plugin may not end the jmcp server process: " + what + " was refused");
    }
}
