package dev.jmcp.server.otel;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.testkit.OnePackageModuleRules;

import java.util.List;

/**
 * The telemetry module (dev.jmcp.server.otel, artifact jmcp-server-otel) as chosen: it exports its one package, whose
 * one public type is {@link McpTelemetry}, the server's call observer; no exported signature names OpenTelemetry (the
 * SDK is configured by the {@code OTEL_*} settings and stays inside: a program hands the module nothing of
 * OpenTelemetry's and gets nothing back), Jetty, Jackson, a future or a type the server keeps to itself; it reads only
 * what jmcp's modules export to everyone, and the server exports nothing to it alone; the server's packages and its
 * package have no cycle; and the server names it nowhere, so an embedder who does not add it pays for nothing. Read on
 * the compiled classes and module descriptors ({@link dev.jmcp.testkit.OnePackageModuleRules}).
 */
class OtelModuleBoundariesTest extends OnePackageModuleRules {
    OtelModuleBoundariesTest() {
        // Its one public type: its SDK's set-up (TelemetrySdk) is package-private.
        super(McpTelemetry.class, "io.opentelemetry", "the server knows call observers by its own interface; "
                + "the jmcp command installs this one");
    }

    @Override
    protected List<Class<?>> server() {
        return List.of(McpServer.class, JsonCodec.class, RequestContext.class);
    }
}
