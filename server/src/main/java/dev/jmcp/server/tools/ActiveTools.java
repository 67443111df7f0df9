package dev.jmcp.server.tools;

import dev.jmcp.server.session.Caller;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The tools activated in each stateful session ({@code --tool-search=activate}): what its searches found, at most
 * {@code limit} per session, the least recently found or called dropped first. A session that ends is forgotten with
 * it (weak keys). Thread-safe.
 */
final class ActiveTools {
    private final int limit;
    private final Map<Caller, LinkedHashMap<String, Boolean>> sessions = new WeakHashMap<>();

    ActiveTools(int limit) {
        this.limit = limit;
    }

    /** Activates {@code names} in {@code session}, the first found last so that it is dropped last; true when the set changed. */
    synchronized boolean add(Caller session, List<String> names) {
        var active = sessions.computeIfAbsent(session, s -> new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > limit;
            }
        });
        var before = Set.copyOf(active.keySet());
        for (int i = names.size() - 1; i >= 0; i--) active.put(names.get(i), Boolean.TRUE);
        return !before.equals(active.keySet());
    }

    /** {@code name} was just used in {@code session}: the last to go. */
    synchronized void touch(Caller session, String name) {
        var active = sessions.get(session);
        if (active != null) active.get(name);
    }

    /** The tools active in {@code session}, most recently used last. */
    synchronized Set<String> of(Caller session) {
        var active = sessions.get(session);
        return active == null ? Set.of() : Set.copyOf(active.keySet());
    }
}
