/**
 * The conformance client: a small program on the public {@code McpClient} API that the official suite's client
 * scenarios drive (started by {@code conformance/client.sh}). It depends on the client only, never on the server.
 */
package dev.jmcp.conformance.client;
