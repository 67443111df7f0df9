package dev.jmcp.server.session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every request and notification a server answers, by method name: what {@link dev.jmcp.server.Methods} lists. The
 * engine looks each incoming message up here and nowhere else. Immutable.
 */
public final class MethodTable {
    private final Map<String, ServedMethod> requests;
    private final Map<String, NotificationHandler> notifications;

    private MethodTable(Map<String, ServedMethod> requests, Map<String, NotificationHandler> notifications) {
        this.requests = requests;
        this.notifications = notifications;
    }

    /** The table of {@code requests} and {@code notifications}; a method listed twice is a mistake. */
    public static MethodTable of(List<ServedMethod> requests, Map<String, NotificationHandler> notifications) {
        var byName = new LinkedHashMap<String, ServedMethod>();
        for (var method : requests) {
            if (byName.putIfAbsent(method.name(), method) != null) {
                throw new IllegalArgumentException("method " + method.name() + " is listed twice");
            }
        }
        return new MethodTable(java.util.Collections.unmodifiableMap(byName), Map.copyOf(notifications));
    }

    /** The request method {@code name}, or null when the server has none by that name. */
    public ServedMethod request(String name) {
        return requests.get(name);
    }

    /** Who acts on notification {@code name}, or null when the server ignores it. */
    public NotificationHandler notification(String name) {
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
        return new MethodTable(java.util.Collections.unmodifiableMap(changed), notifications);
    }
}
