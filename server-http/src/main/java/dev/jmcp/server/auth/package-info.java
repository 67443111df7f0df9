/**
 * Authorization for the HTTP transports, as the MCP authorization specification has a server do it: an OAuth 2.1
 * resource server that verifies bearer tokens (JWTs against the authorization server's keys: signature, issuer,
 * audience, expiry, scopes) or static API keys, answers 401/403 with the {@code WWW-Authenticate} challenge the
 * specification gives, serves the RFC 9728 protected resource metadata, and hands the verified
 * {@link dev.jmcp.plugin.Identity} to the request. Plugs into {@code http} through its guard and route hooks; depends
 * on {@code http}, {@code observe} (its audit lines), {@code plugin-api} and Nimbus JOSE+JWT; nothing depends on it
 * but the command line.
 */
package dev.jmcp.server.auth;
