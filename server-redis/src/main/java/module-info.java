/**
 * The state several jmcp server instances share, in Redis: {@link dev.jmcp.server.redis.RedisState}, the server's
 * {@code SharedState}. Add this module beside the server to get it.
 */
module dev.jmcp.server.redis {
    requires transitive dev.jmcp.server;
    requires redis.clients.jedis;
    requires org.slf4j;

    exports dev.jmcp.server.redis;
}
