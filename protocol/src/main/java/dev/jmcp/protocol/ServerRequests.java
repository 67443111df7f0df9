package dev.jmcp.protocol;

/**
 * The names of the requests a server sends its client (the specification's {@code ServerRequest}): in a stateful
 * session as JSON-RPC requests of their own, in 2026-07-28 as the input requests of an {@code input_required} result.
 * One spelling for the server that asks, the mounts that pass them on and the client that answers.
 */
public final class ServerRequests {
    /** {@code ping}: either side may ask whether the other is there. */
    public static final String PING = "ping";
    /** {@code roots/list}: the client's roots (capability {@code roots}). */
    public static final String ROOTS_LIST = "roots/list";
    /** {@code sampling/createMessage}: a completion from the client's model (capability {@code sampling}). */
    public static final String SAMPLING_CREATE_MESSAGE = "sampling/createMessage";
    /** {@code elicitation/create}: information from the client's user (capability {@code elicitation}). */
    public static final String ELICITATION_CREATE = "elicitation/create";

    private ServerRequests() {
    }
}
