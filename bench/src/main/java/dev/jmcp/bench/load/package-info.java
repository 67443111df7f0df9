/**
 * The end-to-end load driver: starts each server under comparison (jmcp, and servers built on the official
 * TypeScript and Java SDKs, all exposing the same {@code echo} tool) as a child process, speaks MCP to it over stdio
 * or Streamable HTTP on the loopback interface, and reports start-up time, throughput, latency percentiles and
 * resident memory. Its own client code is the same for every server, so client costs cancel out. Every process it
 * starts is stopped by pid; every loop is bounded in count and time. Depends on nothing of jmcp but the shared
 * payloads; prints to standard output (it is a command-line tool, not the server).
 */
package dev.jmcp.bench.load;
