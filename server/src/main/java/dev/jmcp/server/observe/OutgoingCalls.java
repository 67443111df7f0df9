package dev.jmcp.server.observe;

import java.util.Map;

/**
 * Calls jmcp makes to other MCP servers for a caller (a mounted server, a plugin in a process of its own), as an
 * observer sees them: each gets a span of its own, a child of the caller's, and the trace context it names travels to
 * the other server in the request's {@code _meta} (W3C {@code traceparent}), so its spans join the same trace. One
 * observer for the process ({@link #install}); none by default, which costs nothing. Implementations are thread-safe
 * and start an outgoing call on the thread serving the caller's request.
 */
@FunctionalInterface
public interface OutgoingCalls {
    OutgoingCalls NONE = (method, kind, target, server) -> Outgoing.NONE;

    /**
     * Starts observing a {@code method} call of {@code target} (a tool, prompt or URI; may be null) on {@code server};
     * {@code kind} is what {@code target} is, as the method's row of the method table says ({@link CallInfo#kind}),
     * null when {@code target} is.
     */
    Outgoing start(String method, Target kind, String target, String server);

    /** One outgoing call: the {@code _meta} entries to send with it, and its span, ended with how the call went. */
    record Outgoing(Map<String, String> meta, CallSpan span) {
        public static final Outgoing NONE = new Outgoing(Map.of(), CallSpan.NONE);

        public Outgoing {
            meta = Map.copyOf(meta);
        }
    }

    /** Makes {@code calls} the process's observer of outgoing calls. */
    static void install(OutgoingCalls calls) {
        Holder.current = calls == null ? NONE : calls;
    }

    /** The process's observer of outgoing calls ({@link #NONE} until one is installed). */
    static OutgoingCalls current() {
        return Holder.current;
    }

    /** Where the installed observer lives. */
    final class Holder {
        private static volatile OutgoingCalls current = NONE;

        private Holder() {
        }
    }
}
