package dev.jmcp.protocol;

/**
 * The names of the requests a client sends its server (the specification's {@code ClientRequest}, with the
 * 2026-07-28 additions and the methods of the tasks and skills extensions), as {@link ServerRequests} names those going
 * the other way. One spelling for the server's method table that answers them and for whatever sends them as a client:
 * jmcp's mounts, the native plugin host, the HTTP console. What differs per method is the server's row of its method
 * table, not here. Stateless.
 */
public final class ClientRequests {
    public static final String INITIALIZE = "initialize";
    /** {@code ping}: either side may ask, so it is {@link ServerRequests#PING}, spelled once. */
    public static final String PING = ServerRequests.PING;
    /** 2026-07-28: the revisions, capabilities and extensions a server serves. */
    public static final String SERVER_DISCOVER = "server/discover";
    /** 2026-07-28: the stream of change notifications, in place of a session's. */
    public static final String SUBSCRIPTIONS_LISTEN = "subscriptions/listen";

    public static final String TOOLS_LIST = "tools/list";
    public static final String TOOLS_CALL = "tools/call";
    public static final String PROMPTS_LIST = "prompts/list";
    public static final String PROMPTS_GET = "prompts/get";
    public static final String RESOURCES_LIST = "resources/list";
    public static final String RESOURCES_READ = "resources/read";
    public static final String RESOURCES_TEMPLATES_LIST = "resources/templates/list";
    public static final String RESOURCES_SUBSCRIBE = "resources/subscribe";
    public static final String RESOURCES_UNSUBSCRIBE = "resources/unsubscribe";
    public static final String COMPLETION_COMPLETE = "completion/complete";
    public static final String LOGGING_SET_LEVEL = "logging/setLevel";

    /** The tasks extension ({@code io.modelcontextprotocol/tasks}). */
    public static final String TASKS_GET = "tasks/get";
    public static final String TASKS_UPDATE = "tasks/update";
    public static final String TASKS_CANCEL = "tasks/cancel";
    /**
     * The result of a finished task, as servers of the 2025-11-25 tasks serve it; the client asks it of them, jmcp's
     * server does not serve it (its tasks extension carries the result in {@link #TASKS_GET}'s answer).
     */
    public static final String TASKS_RESULT = "tasks/result";

    /** The skills extension ({@code io.modelcontextprotocol/skills}). */
    public static final String SKILLS_LIST = "skills/list";
    public static final String SKILLS_GET = "skills/get";
    public static final String RESOURCES_DIRECTORY_READ = "resources/directory/read";

    private ClientRequests() {
    }
}
