package dev.jmcp.plugin;

/**
 * A request to the client ({@code roots/list}, {@code sampling/createMessage}, {@code elicitation/create}) did not
 * give an answer. {@link #reason()} says why: the client never declared the capability, it answered with an error,
 * it did not answer in time, the call asking was cancelled, or the connection closed.
 */
public class ClientRequestException extends RuntimeException {

    public enum Reason { NOT_SUPPORTED, CLIENT_ERROR, TIMEOUT, CANCELLED, CLOSED }

    private final Reason reason;

    public ClientRequestException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
