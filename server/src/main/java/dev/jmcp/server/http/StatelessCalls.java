package dev.jmcp.server.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stateless requests being answered now, {@code subscriptions/listen} streams included, bounded to
 * {@link HttpOptions#maxStatelessCalls()}: the stateless wire has no session to bound, so this is what keeps a flood
 * of requests or open listen streams from exhausting the server. Gives each exchange its keep-alive upkeep and ends
 * them all at shutdown. Thread-safe.
 */
final class StatelessCalls {
    private static final Logger log = LoggerFactory.getLogger(StatelessCalls.class);

    private final Set<StatelessExchange> live = ConcurrentHashMap.newKeySet();
    private final int limit;

    StatelessCalls(int limit) {
        this.limit = limit;
    }

    /** Counts {@code exchange} in; false when {@link #limit()} calls are already being answered. */
    synchronized boolean admit(StatelessExchange exchange) {
        if (live.size() >= limit) return false;
        live.add(exchange);
        return true;
    }

    /** Counts an exchange out (answered, abandoned by its client, or shut down). Idempotent. */
    void ended(StatelessExchange exchange) {
        live.remove(exchange);
    }

    int size() {
        return live.size();
    }

    int limit() {
        return limit;
    }

    void tick(long nowNanos, long quietNanos) {
        for (StatelessExchange exchange : new ArrayList<>(live)) {
            try {
                exchange.tick(nowNanos, quietNanos);
            } catch (RuntimeException e) {
                log.warn("upkeep of stateless request {} failed", exchange.id(), e);
            }
        }
    }

    void closeAll() {
        for (StatelessExchange exchange : new ArrayList<>(live)) exchange.shutDown();
    }
}
