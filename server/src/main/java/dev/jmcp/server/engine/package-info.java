/**
 * The engine, {@link dev.jmcp.server.engine.Engine}: what every session and stateless request of one server shares —
 * the method table, the current registry, the observers of calls, the state shared with other instances, and the one
 * {@link dev.jmcp.server.session.Pipeline} every request is served through. It implements {@link
 * dev.jmcp.server.session.Host} for the sessions it opens and for the stateless revision it owns, and tells both
 * when plugins or resources change. Depends on {@code session}, {@code stateless}, {@code config}, {@code registry},
 * {@code observe} and {@code state}; the transports and the entry point depend on it.
 */
package dev.jmcp.server.engine;
