package dev.jmcp.protocol;

/**
 * The names of the notifications a server sends its client (the specification's {@code ServerNotification}), as
 * {@link ClientNotifications} names those going the other way. One spelling for the server's outbound table that sends
 * them and the client that reads them. Stateless.
 */
public final class ServerNotifications {
    /** A request's progress ({@code progressToken}). */
    public static final String PROGRESS = ClientNotifications.PROGRESS;
    /** The server stops a request it sent the client: either side may, so it is spelled once. */
    public static final String CANCELLED = ClientNotifications.CANCELLED;
    /** A log message at or above the level the client set. */
    public static final String MESSAGE = "notifications/message";
    /** A resource the client subscribed to changed. */
    public static final String RESOURCE_UPDATED = "notifications/resources/updated";
    /** 2026-07-28: which notifications a {@code subscriptions/listen} stream will carry. */
    public static final String SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    public static final String TOOLS_LIST_CHANGED = "notifications/tools/list_changed";
    public static final String PROMPTS_LIST_CHANGED = "notifications/prompts/list_changed";
    public static final String RESOURCES_LIST_CHANGED = "notifications/resources/list_changed";
    /**
     * A task's status, as servers of the 2025-11-25 tasks send it; the client reads it, jmcp's server does not send it
     * (its tasks extension is polled with {@link ClientRequests#TASKS_GET}).
     */
    public static final String TASKS_STATUS = "notifications/tasks/status";

    private ServerNotifications() {
    }
}
