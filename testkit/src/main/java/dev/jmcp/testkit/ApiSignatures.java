package dev.jmcp.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the exported signatures of jmcp's modules may name, for each module's surface test: no type of the libraries
 * it chose to build on (Jetty, Jackson), no future (blocking methods on virtual threads; STYLE.md, Concurrency), and no
 * type of a server package the module keeps to itself. Pure reflection on loaded classes.
 */
public final class ApiSignatures {
    /** Library types that exported signatures must not name: the server's own choice of HTTP server and JSON. */
    private static final List<String> LIBRARIES = List.of("org.eclipse.jetty.", "com.fasterxml.jackson.");
    private static final Set<String> FUTURES = Set.of("java.util.concurrent.CompletableFuture",
            "java.util.concurrent.CompletionStage", "java.util.concurrent.Future");

    private ApiSignatures() {
    }

    /**
     * The module descriptor compiled beside {@code type}: the {@code module-info.class} of its classes folder, or of its
     * JAR (a module of the same build run after its {@code package} phase, as in {@code mvn verify}, is read from it).
     */
    public static ModuleDescriptor moduleBeside(Class<?> type) throws IOException, URISyntaxException {
        Path classes = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isDirectory(classes)) {
            try (var jar = new java.util.jar.JarFile(classes.toFile());
                 InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
                return ModuleDescriptor.read(in);
            }
        }
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** Whether code in another package can name {@code type}: it and every class enclosing it are public. */
    public static boolean accessibleFromOutside(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass()) return false;
        }
        return true;
    }

    /**
     * One line for each type that a public or protected member of {@code type} names (its supertypes, constructors,
     * methods and fields) and should not: a library type, a future, or a {@code dev.jmcp.server} type whose package
     * {@code mayName} refuses. Methods named in {@code accepted} ({@code Class.method}) are left out, as are synthetic
     * and bridge methods.
     */
    public static List<String> offences(Class<?> type, Predicate<String> mayName, Set<String> accepted) {
        return offences(type, mayName, accepted, List.of());
    }

    /**
     * As {@link #offences(Class, Predicate, Set)}, with {@code libraries} (package prefixes, {@code "redis.clients."}
     * say) also refused: the libraries a module of its own wraps, which its exported signatures keep to themselves.
     */
    public static List<String> offences(Class<?> type, Predicate<String> mayName, Set<String> accepted,
                                        List<String> libraries) {
        var refused = new ArrayList<String>(LIBRARIES);
        refused.addAll(libraries);
        var offences = new ArrayList<String>();
        var supertypes = new HashSet<Type>();
        supertypes.add(type.getGenericSuperclass());
        supertypes.addAll(List.of(type.getGenericInterfaces()));
        check(type.getName() + " extends/implements", supertypes, mayName, refused, offences);
        for (var constructor : type.getDeclaredConstructors()) {
            if (visible(constructor.getModifiers())) {
                check(constructor.toString(), signature(constructor), mayName, refused, offences);
            }
        }
        for (var method : type.getDeclaredMethods()) {
            if (visible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()
                    && !accepted.contains(type.getName() + "." + method.getName())) {
                var types = signature(method);
                types.add(method.getGenericReturnType());
                check(method.toString(), types, mayName, refused, offences);
            }
        }
        for (var field : type.getDeclaredFields()) {
            if (visible(field.getModifiers())) {
                check(field.toString(), Set.of(field.getGenericType()), mayName, refused, offences);
            }
        }
        return offences;
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static Set<Type> signature(Executable executable) {
        var types = new HashSet<Type>(List.of(executable.getGenericParameterTypes()));
        types.addAll(List.of(executable.getGenericExceptionTypes()));
        return types;
    }

    private static void check(String member, Set<Type> types, Predicate<String> mayName, List<String> libraries,
                              List<String> offences) {
        var raw = new HashSet<Class<?>>();
        for (Type type : types) collect(type, raw, new HashSet<>());
        for (Class<?> named : raw) {
            String name = named.getName();
            String why = null;
            if (libraries.stream().anyMatch(name::startsWith)) why = "a library type";
            else if (FUTURES.contains(name)) why = "a future";
            else if (name.startsWith("dev.jmcp.server.") && !mayName.test(named.getPackageName())) {
                why = "a type of a package not exported to everyone";
            }
            if (why != null) offences.add(member + " names " + name + ", " + why);
        }
    }

    private static void collect(Type type, Set<Class<?>> into, Set<Type> seen) {
        if (type == null || !seen.add(type)) return;
        switch (type) {
            case Class<?> c -> {
                while (c.isArray()) c = c.getComponentType();
                if (!c.isPrimitive()) into.add(c);
            }
            case ParameterizedType p -> {
                collect(p.getRawType(), into, seen);
                for (Type argument : p.getActualTypeArguments()) collect(argument, into, seen);
            }
            case WildcardType w -> {
                for (Type bound : w.getUpperBounds()) collect(bound, into, seen);
                for (Type bound : w.getLowerBounds()) collect(bound, into, seen);
            }
            case GenericArrayType a -> collect(a.getGenericComponentType(), into, seen);
            case TypeVariable<?> v -> {
                for (Type bound : v.getBounds()) collect(bound, into, seen);
            }
            default -> { }
        }
    }
}
