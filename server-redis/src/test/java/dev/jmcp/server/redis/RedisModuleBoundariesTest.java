package dev.jmcp.server.redis;

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
 * The shared-state module (dev.jmcp.server.redis, artifact jmcp-server-redis) as chosen: it exports its one package,
 * whose one public type is {@link RedisState}, the server's {@code SharedState} on Redis; no exported signature names
 * Jedis (a program gives a {@code redis://} URI and the keys, and the connection pool and pub/sub stay inside), Jetty,
 * Jackson, a future or a type the server keeps to itself; it reads only what jmcp's modules export to everyone, and
 * the server exports nothing to it alone; the server's packages and its package have no cycle; and the server names it
 * nowhere, so an embedder who does not add it pays for nothing. Read on the compiled classes and module descriptors
 * ({@link OnePackageModule}).
 */
@Timeout(60)
class RedisModuleBoundariesTest {
    private static OnePackageModule module;

    @BeforeAll
    static void read() throws Exception {
        module = new OnePackageModule(RedisState.class, McpServer.class,
                List.of(JsonCodec.class, RequestContext.class));
    }

    @Test
    void theModuleExportsItsOnePackageToEveryoneAndNothingElse() {
        module.exportsItsOnePackageAlone("redis.clients");
    }

    @Test
    void itsPublicTypesAreTheSharedStateAlone() {
        // The shared state; the server's interface names everything else it answers with.
        module.hasPublicTypes(Set.of("RedisState"));
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
        module.isNamedNowhereByTheServer("the server knows shared state by its own interface; "
                + "the jmcp command picks this one for --state");
    }

    @Test
    void noPackageOfTheServerAndThisModuleDependsOnItselfThroughOthers() {
        module.hasNoPackageCycleWithTheServer();
    }
}
