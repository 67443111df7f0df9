package dev.jmcp.server.session;

import java.util.Objects;

/**
 * One notification the server acts on, a row of {@link MethodTable} as {@link ServedMethod} is for a request: what it
 * does in a session, and what a transport tells a client that sends it where it has no place. Built with {@link #of}.
 * Immutable.
 *
 * @param name      the JSON-RPC method
 * @param handler   who acts on it in a session
 * @param statelessInstead what a client does instead on 2026-07-28 HTTP, which takes no notification from a client, in
 *                  words for the refusal ("cancel a request by closing its response"); null when nothing replaces it
 */
public record ServedNotification(String name, NotificationHandler handler, String statelessInstead) {
    public ServedNotification {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
    }

    /** Notification {@code name}, acted on by {@code handler}; nothing replaces it on 2026-07-28 HTTP. */
    public static ServedNotification of(String name, NotificationHandler handler) {
        return new ServedNotification(name, handler, null);
    }

    /** On 2026-07-28 HTTP a client does {@code what} instead of sending it. */
    public ServedNotification statelessInstead(String what) {
        return new ServedNotification(name, handler, Objects.requireNonNull(what, "what"));
    }
}
