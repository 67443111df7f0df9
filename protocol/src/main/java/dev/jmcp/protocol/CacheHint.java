package dev.jmcp.protocol;

import java.time.Duration;

/**
 * How long a client may reuse a result, and with whom (2026-07-28: {@code ttlMs} and {@code cacheScope} beside
 * {@code resultType}). A {@code ttlMs} of 0 says "never reuse".
 */
public record CacheHint(long ttlMs, String cacheScope) {
    public CacheHint {
        if (ttlMs < 0) throw new IllegalArgumentException("a cache hint's ttlMs cannot be negative: " + ttlMs);
        if (!"public".equals(cacheScope) && !"private".equals(cacheScope)) {
            throw new IllegalArgumentException("cacheScope is 'public' or 'private', not '" + cacheScope + "'");
        }
    }

    /**
     * The hint a 2026-07-28 result carries ({@code ttlMs}, and {@code cacheScope}, "private" when absent), or null when
     * it carries none or one that is not valid.
     */
    public static CacheHint of(java.util.Map<String, Object> result) {
        if (result == null || !(result.get("ttlMs") instanceof Number ttl)) return null;
        Object scope = result.getOrDefault("cacheScope", "private");
        try {
            return new CacheHint(ttl.longValue(), String.valueOf(scope));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Reusable by any client for {@code ttl}: the result does not depend on who asked. */
    public static CacheHint shared(Duration ttl) {
        return new CacheHint(ttl.toMillis(), "public");
    }
}
