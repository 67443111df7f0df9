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

    /** Reusable by any client for {@code ttl}: the result does not depend on who asked. */
    public static CacheHint shared(Duration ttl) {
        return new CacheHint(ttl.toMillis(), "public");
    }
}
