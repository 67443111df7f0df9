package dev.jmcp.protocol;

/**
 * The names of the notifications a client sends its server (the specification's {@code ClientNotification}). One
 * spelling for the server's method table that acts on them and for whatever sends them as a client (the HTTP
 * console), or looks for them on the way in (the HTTP transports). Those a server sends are the server's outbound
 * table's. Stateless.
 */
public final class ClientNotifications {
    /** The client has taken the {@code initialize} result: the session is open. */
    public static final String INITIALIZED = "notifications/initialized";
    /** Progress of a request the server sent the client. */
    public static final String PROGRESS = "notifications/progress";
    /** The client stops a request it sent. */
    public static final String CANCELLED = "notifications/cancelled";
    /** The client's roots changed. */
    public static final String ROOTS_LIST_CHANGED = "notifications/roots/list_changed";

    private ClientNotifications() {
    }
}
