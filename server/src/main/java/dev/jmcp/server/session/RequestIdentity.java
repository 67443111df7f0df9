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

    /** The network address of the client that sent the message being received on this thread, if any. */
    public static final ScopedValue<String> ADDRESS = ScopedValue.newInstance();

    private RequestIdentity() {
    }

    /** The client address bound on this thread, or {@code null}. */
    public static String address() {
        return ADDRESS.isBound() ? ADDRESS.get() : null;
    }

    /** The subject of the identity bound on this thread, or {@code null}. */
    public static String caller() {
        Identity identity = current();
        return identity == null ? null : identity.subject();
    }

    static Identity current() {
        return CURRENT.isBound() ? CURRENT.get() : null;
    }
}
