/**
 * Searching a server's tools from the client: {@link dev.jmcp.client.search.ToolRanking}, the extension point for a
 * local ranking (the tool-search module provides one), and {@link dev.jmcp.client.search.WordRanking}, the client's
 * own small fallback. Depends on the protocol's {@code Tool} only.
 */
package dev.jmcp.client.search;
