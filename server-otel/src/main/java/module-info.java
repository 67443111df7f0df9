/**
 * OpenTelemetry traces and metrics of every request a jmcp server answers: {@link dev.jmcp.server.otel.McpTelemetry},
 * the server's call observer, configured by the standard {@code OTEL_*} settings. Add this module beside the server to
 * get it; nothing of it is loaded unless a program creates it.
 */
module dev.jmcp.server.otel {
    requires transitive dev.jmcp.server;
    // Automatic modules (OpenTelemetry ships no descriptors): reading one reads the others the SDK brings.
    requires io.opentelemetry.api;
    requires io.opentelemetry.context;
    requires io.opentelemetry.sdk;
    requires io.opentelemetry.sdk.autoconfigure;
    requires io.opentelemetry.sdk.autoconfigure.spi;
    requires org.slf4j;

    exports dev.jmcp.server.otel;
}
