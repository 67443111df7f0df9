package dev.jmcp.client;

import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.ServerNotifications;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The results a 2026-07-28 server said may be reused ("caching": {@code ttlMs} on {@code tools/list},
 * {@code prompts/list}, {@code resources/list}, {@code resources/templates/list} and {@code resources/read}), each kept
 * fresh for {@code ttlMs} after it was received and keyed by its method and params, so a listing asked again soon is
 * answered here. A change notification for what a result shows makes it stale at once. One client's own cache, so
 * private and public results alike are kept. Thread-safe.
 */
final class ResultCache {
    private static final Set<String> CACHEABLE = Set.of(ClientRequests.TOOLS_LIST, ClientRequests.PROMPTS_LIST,
            ClientRequests.RESOURCES_LIST, ClientRequests.RESOURCES_TEMPLATES_LIST, ClientRequests.RESOURCES_READ);
    /** Results kept at most; past it the cache starts afresh (listings are few; reads of many URIs are not). */
    private static final int MAX_ENTRIES = 1_024;

    private record Entry(Object result, long freshUntilNanos) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    static boolean cacheable(String method) {
        return CACHEABLE.contains(method);
    }

    /** The fresh result for {@code method} with {@code params}, or null. */
    Object fresh(String method, Map<String, Object> params) {
        Entry entry = entries.get(key(method, params));
        if (entry == null) return null;
        if (System.nanoTime() - entry.freshUntilNanos >= 0) return null;
        return entry.result;
    }

    /** Keeps {@code result} when it says it may be reused ({@code ttlMs} above zero; absent or negative means not). */
    void offer(String method, Map<String, Object> params, Object result) {
        if (!(result instanceof Map<?, ?> map) || !(map.get("ttlMs") instanceof Number ttl) || ttl.longValue() <= 0) {
            return;
        }
        if (entries.size() >= MAX_ENTRIES) entries.clear();
        entries.put(key(method, params), new Entry(result, System.nanoTime() + ttl.longValue() * 1_000_000L));
    }

    /** Makes stale what a notification says has changed: a list, or one resource's content. */
    void changed(String notification, Map<String, Object> params) {
        switch (notification) {
            case ServerNotifications.TOOLS_LIST_CHANGED -> dropMethod(ClientRequests.TOOLS_LIST);
            case ServerNotifications.PROMPTS_LIST_CHANGED -> dropMethod(ClientRequests.PROMPTS_LIST);
            case ServerNotifications.RESOURCES_LIST_CHANGED -> {
                dropMethod(ClientRequests.RESOURCES_LIST);
                dropMethod(ClientRequests.RESOURCES_TEMPLATES_LIST);
            }
            case ServerNotifications.RESOURCE_UPDATED -> {
                if (params != null && params.get("uri") instanceof String uri) {
                    entries.remove(key(ClientRequests.RESOURCES_READ, Map.of("uri", uri)));
                }
            }
            default -> {
            }
        }
    }

    void clear() {
        entries.clear();
    }

    private void dropMethod(String method) {
        entries.keySet().removeIf(key -> key.startsWith(method + "\n"));
    }

    /** The method and the params that affect the result, in a stable order; {@code _meta} affects none. */
    private static String key(String method, Map<String, Object> params) {
        var affecting = new TreeMap<String, Object>(params == null ? Map.of() : params);
        affecting.remove("_meta");
        return method + "\n" + affecting;
    }
}
