package dev.jmcp.client.auth;

import java.io.IOException;

/**
 * Authorizing with a server failed: the flow a challenge started (discovery, registration, the person's consent, the
 * token exchange) went wrong, or the server's challenge could not be answered. The message says which step and what
 * the other side said. Not worth retrying on another revision or transport: the same server would ask the same.
 */
public class AuthorizationException extends IOException {
    public AuthorizationException(String message, Throwable cause) {
        super(message, cause);
    }

    AuthorizationException(String message) {
        super(message);
    }
}
