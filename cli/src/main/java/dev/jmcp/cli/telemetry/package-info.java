/**
 * OpenTelemetry for {@code jmcp serve --telemetry}: a span per request following the OpenTelemetry semantic
 * conventions for MCP, continuing the trace a client passes in {@code params._meta}, and the
 * {@code mcp.server.operation.duration} histogram, through the server's call observer. Configured by the standard
 * {@code OTEL_*} variables; nothing here is loaded when telemetry is off.
 */
package dev.jmcp.cli.telemetry;
