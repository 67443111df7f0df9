/**
 * The server's own log: {@link dev.jmcp.server.logs.RepeatedLines}, the one way repeated lines (refusals, audit
 * lines) are kept from flooding it. Not exported but to the HTTP transport, whose refusals and audit lines use it; an
 * embedder logs through SLF4J as it likes.
 */
package dev.jmcp.server.logs;
