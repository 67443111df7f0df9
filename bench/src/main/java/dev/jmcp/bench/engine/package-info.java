/**
 * JMH benchmarks of a whole request inside one process: bytes into a {@code ServerSession}, through the method table
 * and the echo plugin loaded from its JAR, out as encoded response bytes. No sockets or pipes, so the figures are the
 * engine's own cost. Depends on {@code server} (public API only) and the echo plugin JAR built by this module.
 */
package dev.jmcp.bench.engine;
