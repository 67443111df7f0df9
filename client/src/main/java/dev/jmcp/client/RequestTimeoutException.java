package dev.jmcp.client;

import java.io.IOException;
import java.time.Duration;

/**
 * No answer came within the request's timeout. The client has sent {@code notifications/cancelled} for the request
 * and stopped waiting; the connection stays open. An {@link IOException} because, to the caller, it is the same kind of
 * trouble as a slow or broken connection.
 */
public final class RequestTimeoutException extends IOException {
    private final transient Duration timeout;

    public RequestTimeoutException(String method, Duration timeout) {
        super("No answer to " + method + " within " + timeout.toMillis() + " ms; the request was cancelled");
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }
}
