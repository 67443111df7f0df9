package dev.jmcp.server.session;

import dev.jmcp.server.registry.Registry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every request and notification a server answers, by method name, and the extensions it declares: what
 * {@link dev.jmcp.server.methods.Methods} lists. The engine looks each incoming message up here and nowhere else. Immutable.
 */
public final class MethodTable {
    /**
     * What {@code server/discover} declares for an extension, given what is loaded now: its capability object, or
     * null while the server has nothing to serve under it.
     */
    @FunctionalInterface
    public interface ExtensionDeclaration {
        Object declared(Registry registry);
    }

    private final Map<String, ServedMethod> requests;
    private final Map<String, ServedNotification> notifications;
    private final Map<String, ExtensionDeclaration> extensions;

    private MethodTable(Map<String, ServedMethod> requests, Map<String, ServedNotification> notifications,
                        Map<String, ExtensionDeclaration> extensions) {
        this.requests = requests;
        this.notifications = notifications;
        this.extensions = extensions;
    }

    /** The table of {@code requests} and {@code notifications}; a method listed twice is a mistake. */
    public static MethodTable of(List<ServedMethod> requests, List<ServedNotification> notifications) {
        return of(requests, notifications, Map.of());
    }

    /**
     * The table of {@code requests}, {@code notifications} and the {@code extensions} the server declares (by
     * identifier, in order); a method listed twice, or a method of an extension not declared, is a mistake.
     */
    public static MethodTable of(List<ServedMethod> requests, List<ServedNotification> notifications,
                                 Map<String, ExtensionDeclaration> extensions) {
        var byName = new LinkedHashMap<String, ServedMethod>();
        for (var method : requests) {
            if (byName.putIfAbsent(method.name(), method) != null) {
                throw new IllegalArgumentException("method " + method.name() + " is listed twice");
            }
            if (method.target() == null && (method.is(ServedMethod.Trait.NAMED_IN_HEADER)
                    || method.is(ServedMethod.Trait.SCOPED_PER_ITEM))) {
                throw new IllegalArgumentException("method " + method.name() + " is named in a header or scoped per "
                        + "item, but its row names no target");
            }
            if (method.extension() != null && !extensions.containsKey(method.extension())) {
                throw new IllegalArgumentException("method " + method.name() + " belongs to extension "
                        + method.extension() + ", which the table does not declare");
            }
        }
        var notified = new LinkedHashMap<String, ServedNotification>();
        for (var notification : notifications) {
            if (notified.putIfAbsent(notification.name(), notification) != null) {
                throw new IllegalArgumentException("notification " + notification.name() + " is listed twice");
            }
        }
        return new MethodTable(java.util.Collections.unmodifiableMap(byName),
                java.util.Collections.unmodifiableMap(notified),
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions)));
    }

    /** The extensions {@code server/discover} declares with {@code registry} loaded: identifier → capability. */
    public Map<String, Object> declaredExtensions(Registry registry) {
        var declared = new LinkedHashMap<String, Object>();
        extensions.forEach((name, declaration) -> {
            Object capability = declaration.declared(registry);
            if (capability != null) declared.put(name, capability);
        });
        return declared;
    }

    /** The request method {@code name}, or null when the server has none by that name. */
    public ServedMethod request(String name) {
        return requests.get(name);
    }

    /** The row of notification {@code name}, or null when the server ignores it. */
    public ServedNotification notification(String name) {
        return notifications.get(name);
    }

    /** The request methods, in the order the table lists them. */
    public List<ServedMethod> requests() {
        return List.copyOf(requests.values());
    }

    /** The notification methods the server acts on. */
    public java.util.Set<String> notifications() {
        return notifications.keySet();
    }

    /**
     * This table with {@code handlers} answering their methods instead: a listed method keeps everything else about
     * it, a new one is a plain method of both wires. For tests that need a handler that fails or hangs.
     */
    public MethodTable withHandlers(Map<String, MethodHandler> handlers) {
        var changed = new LinkedHashMap<>(requests);
        handlers.forEach((name, handler) -> changed.merge(name, ServedMethod.request(name, Wires.BOTH, handler),
                (listed, added) -> listed.handledBy(handler)));
        return new MethodTable(java.util.Collections.unmodifiableMap(changed), notifications, extensions);
    }
}
