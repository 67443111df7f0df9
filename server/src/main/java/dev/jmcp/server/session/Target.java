package dev.jmcp.server.session;

import java.util.Map;

/**
 * What a request names in its {@code params}, as a row of the method table says: the tool, prompt or skill by
 * {@code name}, the resource by {@code uri}, the task by {@code taskId}. The places that ask about a request's target
 * (the call observers, the {@code Mcp-Name} header, per-item authorization) read it from the row, each taking the kinds
 * it cares about, instead of keeping their own lists of method names. Stateless.
 */
public enum Target {
    TOOL("name"),
    PROMPT("name"),
    RESOURCE("uri"),
    SKILL("name"),
    TASK("taskId");

    private final String field;

    Target(String field) {
        this.field = field;
    }

    /** The {@code params} field that names the target. */
    public String field() {
        return field;
    }

    /** The target {@code params} names, or null when it names none (absent, or not a string). */
    public String in(Map<String, Object> params) {
        return params != null && params.get(field) instanceof String value ? value : null;
    }
}
