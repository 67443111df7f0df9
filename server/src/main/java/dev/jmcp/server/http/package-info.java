/**
 * The HTTP transports: Streamable HTTP (revisions 2025-03-26 … 2025-11-25) on one endpoint path, and the legacy
 * HTTP+SSE transport of 2024-11-05 ({@code /sse} + {@code /messages}), both served by one Jetty server (core API, no
 * servlets) on virtual threads. This package frames, bounds, routes and guards (Origin/Host); it hands whole JSON-RPC
 * messages to {@link dev.jmcp.server.session.ServerSession} and writes what the engine sends back, choosing the
 * stream by the request a message belongs to. It knows nothing of MCP methods beyond {@code initialize} (which opens
 * a session) and {@code notifications/cancelled} (which ends the HTTP exchange of the cancelled request). Must not
 * depend on the features, the registry or the plugin host.
 */
package dev.jmcp.server.http;
