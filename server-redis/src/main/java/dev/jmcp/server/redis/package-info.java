/**
 * Shared state on Redis for several instances of one server behind a load balancer ({@code jmcp serve --state
 * redis://…}, or an embedder's {@code SharedState}): the request-state key, change events over pub/sub, tasks and
 * their owners, stateful sessions to take over, resumable stream buffers. Depends on the server's {@code state}
 * interfaces and Jedis only; the server never depends on this package.
 */
package dev.jmcp.server.redis;
