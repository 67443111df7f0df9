/**
 * The engine: a {@link dev.jmcp.server.session.ServerSession} per connected client, the dispatch of every request and
 * notification through the one {@link dev.jmcp.server.session.MethodTable} that {@link dev.jmcp.server.methods.Methods} lists
 * (each {@link dev.jmcp.server.session.ServedMethod} says which wires serve it and what else sets it apart),
 * in-flight requests and their cancellation, requests the server sends to the client, and the
 * {@link dev.jmcp.plugin.RequestContext} handlers receive. Transports hand it messages through
 * {@link dev.jmcp.server.session.Connection}; it never touches sockets or streams. Whatever a handler throws (any
 * {@link java.lang.Throwable}, out of memory included) becomes exactly one response through the one mapping in
 * {@code Failures}, on both wires; a batch is answered on the connection its transport passes with it, so a transport
 * that answers each batch on its own exchange (HTTP) never has to route a batch's answer by request id.
 */
package dev.jmcp.server.session;
