package dev.jmcp.server.session;

/** Which wires serve a method: the stateful revisions (a session opened by {@code initialize}), 2026-07-28, or both. */
public enum Wires {
    /** Only in a session: 2024-11-05 … 2025-11-25. */
    STATEFUL,
    /** Only without a session: 2026-07-28. */
    STATELESS,
    BOTH;

    boolean stateful() {
        return this != STATELESS;
    }

    public boolean stateless() {
        return this != STATEFUL;
    }
}
