/**
 * The extension point through which the server chooses tools for a request in words ({@code --tool-search}): the
 * server hands an index every registry snapshot and asks it for the best-matching tool names; the index itself lives
 * in a module of its own ({@code jmcp-tool-search}), found with {@link java.util.ServiceLoader}, so a server without
 * tool search carries no search library or model. Depends on the protocol's {@code Tool} only.
 */
package dev.jmcp.server.toolsearch;
