/**
 * What jmcp's own packages add to the HTTP transport: routes beside MCP and guards in front of it
 * ({@link dev.jmcp.server.http.routes.Routes}, {@link dev.jmcp.server.http.routes.McpGuard},
 * {@link dev.jmcp.server.http.routes.CallGuard}). They speak Jetty, which is the transport's business and not an
 * embedder's, so this package is not exported. Depends on Jetty and the session's method table only, never on
 * {@code dev.jmcp.server.http}.
 */
package dev.jmcp.server.http.routes;
