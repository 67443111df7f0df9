package dev.jmcp.server.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP exchanges of the stateless requests being answered now, {@code subscriptions/listen} streams included:
 * what is HTTP's own about them, the keep-alive upkeep that notices a client gone and the response each gets when the
 * transport closes. Bounding, counting, cancelling and stopping the requests is the engine's one
 * {@code session.Admission}, as for every other wire. Thread-safe.
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

    /** Keeps {@code exchange} up until it {@link #ended}; {@code listen} marks a {@code subscriptions/listen} stream. */
    void add(StatelessExchange exchange, boolean listen) {
        live.add(exchange);
        if (listen) listens.add(exchange);
    }

    /** Forgets an exchange (answered, refused, abandoned by its client, or shut down). Idempotent. */
    void ended(StatelessExchange exchange) {
        live.remove(exchange);
        listens.remove(exchange);
    }

    /** Exchanges kept now. */
    int size() {
        return live.size();
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
