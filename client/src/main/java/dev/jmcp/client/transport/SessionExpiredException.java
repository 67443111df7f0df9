package dev.jmcp.client.transport;

import java.io.IOException;

/**
 * The HTTP server no longer knows this client's session (HTTP 404 to a request carrying {@code Mcp-Session-Id}): it
 * ended, expired or the server restarted. A transport reports it; the client is then closed. "When a client receives
 * HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new session", which here means
 * building a new {@link dev.jmcp.client.McpClient}.
 */
public final class SessionExpiredException extends IOException {
    public SessionExpiredException(String message) {
        super(message);
    }
}
