package dev.jmcp.cli.serve;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.observe.CallLog;

/**
 * What watches the server's calls in this process, as the command line asked: the per-call log line, and
 * OpenTelemetry traces and metrics. Closed last, after the server, so the final calls are exported.
 */
final class Observing implements AutoCloseable {
    private final AutoCloseable telemetry;

    private Observing(AutoCloseable telemetry) {
        this.telemetry = telemetry;
    }

    /** Attaches what was asked for to {@code server}; {@code transport} is {@code pipe} (stdio) or {@code tcp}. */
    static Observing attach(McpServer server, boolean logCalls, boolean telemetry, String transport) {
        if (logCalls) server.observe(new CallLog(server::pluginOf));
        if (!telemetry) return new Observing(null);
        // Named here only: without --telemetry no OpenTelemetry class is ever loaded.
        var observer = dev.jmcp.server.otel.McpTelemetry.fromEnvironment(transport, server::pluginOf).gauges(server);
        server.observe(observer);
        dev.jmcp.server.observe.OutgoingCalls.install(observer.outgoing());
        return new Observing(observer);
    }

    @Override
    public void close() {
        if (telemetry == null) return;
        try {
            telemetry.close();
        } catch (Exception e) {
            // never changes how the process ends
        }
    }
}
