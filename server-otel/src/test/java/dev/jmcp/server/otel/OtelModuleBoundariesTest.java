package dev.jmcp.server.otel;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.testkit.OnePackageModule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

/**
 * The telemetry module (dev.jmcp.server.otel, artifact jmcp-server-otel) as chosen: it exports its one package, whose
 * one public type is {@link McpTelemetry}, the server's call observer; no exported signature names OpenTelemetry (the
 * SDK is configured by the {@code OTEL_*} settings and stays inside: a program hands the module nothing of
 * OpenTelemetry's and gets nothing back), Jetty, Jackson, a future or a type the server keeps to itself; it reads only
 * what jmcp's modules export to everyone, and the server exports nothing to it alone; the server's packages and its
 * package have no cycle; and the server names it nowhere, so an embedder who does not add it pays for nothing. Read on
 * the compiled classes and module descriptors ({@link OnePackageModule}).
 */
@Timeout(60)
class OtelModuleBoundariesTest {
    private static OnePackageModule module;

    @BeforeAll
    static void read() throws Exception {
        module = new OnePackageModule(McpTelemetry.class, McpServer.class,
                List.of(JsonCodec.class, RequestContext.class));
    }

    @Test
    void theModuleExportsItsOnePackageToEveryoneAndNothingElse() {
        module.exportsItsOnePackageAlone("io.opentelemetry");
    }

    @Test
    void itsPublicTypesAreTheCallObserverAlone() {
        // The call observer; the SDK's set-up (TelemetrySdk) is package-private.
        module.hasPublicTypes(Set.of("McpTelemetry"));
    }

    @Test
    void exportedSignaturesNameNoLibraryFutureOrInternalType() {
        // Besides Jetty and Jackson: none of these libraries is the point of a type.
        module.exportedSignaturesNameNothingOf(List.of("io.opentelemetry.", "redis.clients."));
    }

    @Test
    void itUsesOnlyWhatJmcpsModulesExportToEveryone() {
        module.usesOnlyWhatIsExportedToEveryone();
    }

    @Test
    void theServerNamesThisModuleNowhere() {
        module.isNamedNowhereByTheServer("the server knows call observers by its own interface; "
                + "the jmcp command installs this one");
    }

    @Test
    void noPackageOfTheServerAndThisModuleDependsOnItselfThroughOthers() {
        module.hasNoPackageCycleWithTheServer();
    }
}
