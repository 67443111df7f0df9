/**
 * JMH benchmarks of HTTP alone, without MCP: the floor under jmcp's Streamable HTTP figures. Depends on Jetty and the
 * JDK's HTTP client only, configured as {@code server-http} and {@code client} configure them.
 */
package dev.jmcp.bench.http;
