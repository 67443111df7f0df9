package dev.jmcp.server.observe;

import java.util.Map;

/**
 * What a request names in its {@code params}, as its row of the method table says: the tool or prompt by
 * {@code name}, the resource and the skill (the URI of its {@code SKILL.md}, as {@code skills/get} takes it) by
 * {@code uri}, the task by {@code taskId}. The places that ask about a request's target
 * (the call observers through {@link CallInfo#kind}, the {@code Mcp-Name} header, per-item authorization, the plugin
 * a call is counted to) read it from the row, each taking the kinds it cares about, instead of keeping their own lists
 * of method names. Here rather than beside the table because observers are told it and sit below the dispatcher.
 * Stateless.
 */
public enum Target {
    TOOL("name", "tool"),
    PROMPT("name", "prompt"),
    RESOURCE("uri", "resource"),
    SKILL("uri", "skill"),
    TASK("taskId", "task");

    private final String field;
    private final String noun;

    Target(String field, String noun) {
        this.field = field;
        this.noun = noun;
    }

    /** The {@code params} field that names the target. */
    public String field() {
        return field;
    }

    /** What the target is called in messages and in {@code --scope} items ({@code tool:NAME}): {@code tool} say. */
    public String noun() {
        return noun;
    }

    /** The target {@code params} names, or null when it names none (absent, or not a string). */
    public String in(Map<String, Object> params) {
        return params != null && params.get(field) instanceof String value ? value : null;
    }
}
