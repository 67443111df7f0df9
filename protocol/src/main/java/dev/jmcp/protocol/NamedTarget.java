package dev.jmcp.protocol;

/**
 * Which field of a request's {@code params} names what the request is about, as the 2026-07-28 HTTP transport's
 * {@code Mcp-Name} header mirrors it: "the client MUST include" it for these methods, and the server compares it with
 * the body. One table, so the client that sends the header and the server that checks it cannot disagree. Stateless.
 */
public final class NamedTarget {
    private NamedTarget() {
    }

    /**
     * The {@code params} field {@code Mcp-Name} mirrors for {@code method}: {@code name} of a tool or prompt,
     * {@code uri} of a resource read, {@code taskId} of the tasks extension's requests; null when the method has no
     * such header.
     */
    public static String field(String method) {
        return switch (method) {
            case ClientRequests.TOOLS_CALL, ClientRequests.PROMPTS_GET -> "name";
            case ClientRequests.RESOURCES_READ -> "uri";
            case ClientRequests.TASKS_GET, ClientRequests.TASKS_UPDATE, ClientRequests.TASKS_CANCEL -> "taskId";
            default -> null;
        };
    }
}
