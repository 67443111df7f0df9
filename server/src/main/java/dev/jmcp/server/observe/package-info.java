/**
 * Watching calls as the server serves them: the dispatcher tells a {@link dev.jmcp.server.observe.CallObserver} when a
 * request starts and how it ended, for tracing, metrics, the per-call log line and the console, with the kind of
 * thing it targets ({@link dev.jmcp.server.observe.Target}, which the method table's rows name); and
 * {@link dev.jmcp.server.observe.SessionSummary}, a session as an operator sees it.
 * Exported: server-otel's telemetry is a call observer, and an embedder may write its own. Depends on {@code protocol} and SLF4J only; the dispatcher in {@code session} depends on it, never
 * the reverse.
 */
package dev.jmcp.server.observe;
