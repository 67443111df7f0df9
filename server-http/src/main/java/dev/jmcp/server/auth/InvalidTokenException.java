package dev.jmcp.server.auth;

/** A credential that is not accepted, with a reason safe to show the client (RFC 6750 {@code error_description}). */
public final class InvalidTokenException extends Exception {
    public InvalidTokenException(String reason) {
        super(reason);
    }

    public InvalidTokenException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
