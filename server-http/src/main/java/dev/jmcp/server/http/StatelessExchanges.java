package dev.jmcp.server.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stateless requests being answered now, {@code subscriptions/listen} streams included, bounded to
 * {@link HttpOptions#maxStatelessCalls()}: the stateless wire has no session to bound, so this is what keeps a flood
 * of requests or open listen streams from exhausting the server. Gives each exchange its keep-alive upkeep and ends
 * them all at shutdown. Thread-safe.
 */
final class StatelessExchanges {
    private static final Logger log = LoggerFactory.getLogger(StatelessExchanges.class);

    /**
     * How long a call may stay silent on its connection: past it the call's answer turns into an event stream and
     * gets a comment, whose failed write is how a hang-up is seen.
     */
    static final Duration DISCONNECT_PROBE = Duration.ofMillis(500);

    private final Set<StatelessExchange> live = ConcurrentHashMap.newKeySet();
    /** The {@code subscriptions/listen} streams among {@link #live}: they end when their client leaves, not by themselves. */
    private final Set<StatelessExchange> listens = ConcurrentHashMap.newKeySet();
    private final int limit;

    StatelessExchanges(int limit) {
        this.limit = limit;
    }

    /** Counts {@code exchange} in; false when {@link #limit()} calls are already being answered. */
    synchronized boolean admit(StatelessExchange exchange) {
        return admit(exchange, false);
    }

    /** As {@link #admit(StatelessExchange)}; {@code listen} marks a {@code subscriptions/listen} stream. */
    synchronized boolean admit(StatelessExchange exchange, boolean listen) {
        if (live.size() >= limit) return false;
        live.add(exchange);
        if (listen) listens.add(exchange);
        return true;
    }

    /** Requests being answered now, listen streams not counted: what a shutdown lets finish. */
    int requestsInFlight() {
        int requests = 0;
        for (StatelessExchange exchange : live) {
            if (!listens.contains(exchange)) requests++;
        }
        return requests;
    }

    /** Counts an exchange out (answered, abandoned by its client, or shut down). Idempotent. */
    void ended(StatelessExchange exchange) {
        live.remove(exchange);
        listens.remove(exchange);
    }

    int size() {
        return live.size();
    }

    int limit() {
        return limit;
    }

    /**
     * Upkeep of every exchange: a call quiet for {@code probeNanos} gets a comment, so a client that hung up is
     * noticed by a failed write and its call cancelled; a listen stream gets one after {@code keepAliveNanos}.
     */
    void tick(long nowNanos, long probeNanos, long keepAliveNanos) {
        for (StatelessExchange exchange : new ArrayList<>(live)) {
            try {
                exchange.tick(nowNanos, listens.contains(exchange) ? keepAliveNanos : probeNanos);
            } catch (RuntimeException e) {
                log.warn("upkeep of stateless request {} failed", exchange.id(), e);
            }
        }
    }

    void closeAll() {
        for (StatelessExchange exchange : new ArrayList<>(live)) exchange.shutDown();
    }
}
