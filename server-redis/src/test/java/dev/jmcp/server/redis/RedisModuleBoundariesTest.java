package dev.jmcp.server.redis;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.testkit.OnePackageModuleRules;

import java.util.List;

/**
 * The shared-state module (dev.jmcp.server.redis, artifact jmcp-server-redis) as chosen: it exports its one package,
 * whose one public type is {@link RedisState}, the server's {@code SharedState} on Redis; no exported signature names
 * Jedis (a program gives a {@code redis://} URI and the keys, and the connection pool and pub/sub stay inside), Jetty,
 * Jackson, a future or a type the server keeps to itself; it reads only what jmcp's modules export to everyone, and
 * the server exports nothing to it alone; the server's packages and its package have no cycle; and the server names it
 * nowhere, so an embedder who does not add it pays for nothing. Read on the compiled classes and module descriptors
 * ({@link dev.jmcp.testkit.OnePackageModuleRules}).
 */
class RedisModuleBoundariesTest extends OnePackageModuleRules {
    RedisModuleBoundariesTest() {
        // Its one public type: the server's interface names everything else it answers with.
        super(RedisState.class, "redis.clients", "the server knows shared state by its own interface; "
                + "the jmcp command picks this one for --state");
    }

    @Override
    protected List<Class<?>> server() {
        return List.of(McpServer.class, JsonCodec.class, RequestContext.class);
    }
}
