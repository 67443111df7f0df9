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

    /**
     * Runs before every {@code method.invoke(target, arguments)} of plugin code (which stays the plugin's own call):
     * refuses an exit method, and also a reflective call of {@code Method.invoke} or of a method-handle lookup that
     * would reach one.
     */
    public static void checkInvoke(Method method, Object target, Object[] arguments) {
        if (method == null) return;
        Class<?> type = method.getDeclaringClass();
        if (ends(type, method.getName())) {
            throw refused(type.getSimpleName() + "." + method.getName() + " through reflection");
        }
        if (type == Method.class && method.getName().equals("invoke") && target instanceof Method inner
                && arguments != null && arguments.length == 2) {
            checkInvoke(inner, arguments[0], arguments[1] instanceof Object[] array ? array : null);
        } else if (type == MethodHandles.Lookup.class && arguments != null && arguments.length >= 1) {
            switch (method.getName()) {
                case "findStatic", "findVirtual", "findSpecial" -> {
                    if (arguments[0] instanceof Class<?> owner && arguments.length >= 2
                            && arguments[1] instanceof String name) check(owner, name);
                }
                case "bind" -> {
                    if (arguments[0] != null && arguments.length >= 2 && arguments[1] instanceof String name) {
                        check(arguments[0].getClass(), name);
                    }
                }
                case "unreflect", "unreflectSpecial" -> {
                    if (arguments[0] instanceof Method inner) checkInvoke(inner, null, null);
                }
                default -> {
                }
            }
        }
    }

    /** Replaces a method reference {@code Method::invoke}; only public members are reachable this way. */
    public static Object invoke(Method method, Object target, Object... arguments)
            throws IllegalAccessException, InvocationTargetException {
        checkInvoke(method, target, arguments);
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
        checkInvoke(method, null, null);
        return lookup.unreflect(method);
    }

    public static MethodHandle unreflectSpecial(MethodHandles.Lookup lookup, Method method, Class<?> specialCaller)
            throws IllegalAccessException {
        checkInvoke(method, null, null);
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
