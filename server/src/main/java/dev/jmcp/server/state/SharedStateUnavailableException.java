package dev.jmcp.server.state;

/**
 * The store the instances share cannot be reached now, and the work at hand needs it: the message says which store and
 * why, for the caller's error. Work that needs no shared state goes on; the store is tried again on the next use.
 */
public final class SharedStateUnavailableException extends RuntimeException {
    public SharedStateUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
