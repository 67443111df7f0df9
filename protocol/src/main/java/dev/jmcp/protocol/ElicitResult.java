package dev.jmcp.protocol;

import java.util.Map;

/** The user's answer to an elicitation: {@code accept} (with {@code content}), {@code decline} or {@code cancel}. */
public record ElicitResult(String action, Map<String, Object> content) {
    public ElicitResult {
        if (action == null) throw new IllegalArgumentException("an elicitation result needs an action");
    }

    public boolean accepted() {
        return "accept".equals(action);
    }
}
