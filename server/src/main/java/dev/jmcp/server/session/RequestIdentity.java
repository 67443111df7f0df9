package dev.jmcp.server.session;

import dev.jmcp.plugin.Identity;

/**
 * Who sent the message being received, bound by a transport around its call into a session (HTTP with authorization
 * binds the verified token's identity); a request captures it when it is admitted, so its handler sees it through
 * {@link dev.jmcp.plugin.RequestContext#identity()} on whatever thread it runs.
 */
public final class RequestIdentity {
    /** The identity of the message being received on this thread, if any. */
    public static final ScopedValue<Identity> CURRENT = ScopedValue.newInstance();

    private RequestIdentity() {
    }

    static Identity current() {
        return CURRENT.isBound() ? CURRENT.get() : null;
    }
}
