package dev.jmcp.server.state;


import java.util.Set;

/**
 * A change one instance saw that the listeners of every instance must hear of.
 *
 * @param uri   the resource that changed ({@code resources/updated}), or null
 * @param kinds the kinds of item whose lists changed, empty for a resource update
 */
public record SharedEvent(String uri, Set<ListKind> kinds) {
    public SharedEvent {
        kinds = kinds == null ? Set.of() : Set.copyOf(kinds);
        if (uri == null && kinds.isEmpty()) throw new IllegalArgumentException("an event names a resource or kinds");
    }

    public static SharedEvent resourceUpdated(String uri) {
        return new SharedEvent(uri, Set.of());
    }

    public static SharedEvent listsChanged(Set<ListKind> kinds) {
        return new SharedEvent(null, kinds);
    }
}
