/**
 * OpenTelemetry for a jmcp server ({@code jmcp serve --telemetry}, or an embedder's call observer): a span per request
 * following the OpenTelemetry semantic conventions for MCP, continuing the trace a client passes in
 * {@code params._meta}, and the {@code mcp.server.operation.duration} histogram, through the server's call observer.
 * Configured by the standard {@code OTEL_*} variables; nothing here is loaded when telemetry is off. Depends on the
 * server's {@code observe} package and OpenTelemetry only; the server never depends on this package.
 */
package dev.jmcp.server.otel;
