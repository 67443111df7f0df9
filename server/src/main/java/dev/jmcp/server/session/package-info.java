/**
 * The engine: a {@link dev.jmcp.server.session.ServerSession} per connected client, the one method table
 * ({@link dev.jmcp.server.session.Methods}), in-flight requests and their cancellation, requests the server sends to
 * the client, and the {@link dev.jmcp.plugin.RequestContext} handlers receive. Transports hand it messages through
 * {@link dev.jmcp.server.session.Connection}; it never touches sockets or streams.
 */
package dev.jmcp.server.session;
