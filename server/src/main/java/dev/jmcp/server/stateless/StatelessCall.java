package dev.jmcp.server.stateless;

/**
 * A stateless request being served, as its transport sees it: cancel it when the client goes away (for
 * {@code subscriptions/listen}, that ends the subscription) or sends {@code notifications/cancelled}.
 */
public interface StatelessCall {

    /** Interrupts the handler (no response is sent) or ends the subscription. Idempotent. */
    void cancel();
}
