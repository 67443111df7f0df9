/**
 * What every request is served through, and the stateful session. The handler-facing types ({@link
 * dev.jmcp.server.session.Call}, {@link dev.jmcp.server.session.Params}, {@link dev.jmcp.server.session.Caller},
 * {@link dev.jmcp.server.session.InFlight}), the one method table ({@link dev.jmcp.server.session.MethodTable} of
 * {@link dev.jmcp.server.session.ServedMethod}s, which {@link dev.jmcp.server.methods.Methods} fills; every other place
 * that asks about a method reads its row), the outbound table of what the server sends its client ({@link
 * dev.jmcp.server.session.OutboundMethods} of {@link dev.jmcp.server.session.OutboundRequest}s), the one mapping
 * of whatever a handler throws (any {@link java.lang.Throwable}, out of memory included) to exactly one response
 * ({@code Failures}), and {@link dev.jmcp.server.session.Host}, what all of it needs from the engine. Then a {@link
 * dev.jmcp.server.session.ServerSession} per connected client of the stateful revisions (2024-11-05 … 2025-11-25):
 * {@code initialize}, the requests it sends the client, its log level and subscriptions.
 *
 * <p>The one way of a request, for both wires and every transport: admit ({@link dev.jmcp.server.session.Admission}, a
 * connection's requests in flight, or those of a transport's requests that come on none (2026-07-28 over HTTP): bound,
 * ids, listen streams, cancellation, the stop at shutdown, exactly one answer) → look up its row (once, by whoever admits it) → check and
 * run ({@link dev.jmcp.server.session.Pipeline} through a {@link dev.jmcp.server.session.Pipeline.Wire}: the session's
 * {@code SessionWire}, or a 2026-07-28 request's envelope) → map failure ({@code Failures}). The session checks only
 * what is its own state (ended, not yet initialized) and hands each request to its admission. Transports hand it messages (it is their {@link dev.jmcp.server.transport.Session}) and it writes
 * through their {@link dev.jmcp.server.transport.Connection}; it never touches sockets or streams. A 2026-07-28 request arriving on a session's connection (stdio) is handed on through {@link
 * dev.jmcp.server.session.StatelessWire}. A batch is answered on the connection its transport passes with it.
 *
 * <p>Depends on {@code protocol}, {@code plugin-api}, {@code config}, {@code registry}, {@code observe}, {@code
 * state} and {@code transport}; never on the engine ({@code engine}), the stateless revision ({@code stateless}), the features or the
 * transports, which all sit above it.
 */
package dev.jmcp.server.session;
