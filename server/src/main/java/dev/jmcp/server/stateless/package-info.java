/**
 * The stateless revision (2026-07-28), served by {@link dev.jmcp.server.stateless.StatelessRequests}: the
 * {@code _meta} envelope every request carries instead of a session ({@link
 * dev.jmcp.server.stateless.StatelessEnvelope}), the checks in the order the revision prescribes, a {@link
 * dev.jmcp.server.stateless.StatelessCaller} per request as the features see it, multi-round-trip requests
 * ({@code input_required} and the signed {@code requestState}, {@code RequestStates}), {@code subscriptions/listen}
 * streams ({@link dev.jmcp.server.stateless.Subscriptions}), and calls that become tasks of the tasks extension
 * ({@code TaskRun}). Transports reach it through the engine; a stateful connection hands it the 2026-07-28 requests
 * it meets through {@link dev.jmcp.server.session.StatelessWire}.
 *
 * <p>Depends on {@code session} (calls, the method table, the failure mapping, {@link dev.jmcp.server.session.Host}),
 * {@code tasks}, {@code registry}, {@code state}, {@code protocol} and {@code plugin-api}; never on the engine, the
 * stateful session's internals or the transports.
 */
package dev.jmcp.server.stateless;
