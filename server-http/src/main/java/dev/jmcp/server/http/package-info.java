/**
 * The HTTP transports: Streamable HTTP on one endpoint path — the stateful revisions 2025-03-26 … 2025-11-25 and the
 * stateless 2026-07-28, told apart per request by {@link dev.jmcp.server.http.WireRoute} — and the legacy HTTP+SSE
 * transport of 2024-11-05 ({@code /sse} + {@code /messages}), all served by one Jetty server (core API, no servlets)
 * on virtual threads. This package frames, bounds, routes and guards (Origin/Host); it hands whole JSON-RPC messages
 * to {@link dev.jmcp.server.session.ServerSession}, or (2026-07-28) checks them with {@link
 * dev.jmcp.server.stateless.StatelessRequests} and hands them to the engine's one {@link
 * dev.jmcp.server.session.Admission} of stateless requests, and writes
 * what the engine sends back, choosing the stream by the request a message belongs to. It knows nothing of MCP
 * methods beyond {@code initialize} (which opens a session), {@code notifications/cancelled} (which ends the HTTP
 * exchange of the cancelled request) and which body field each stateless header ({@code Mcp-Method},
 * {@code Mcp-Name}) mirrors. Must not depend on the features, the registry or the plugin host.
 */
package dev.jmcp.server.http;
