/**
 * OAuth 2.1 authorization for the HTTP transports: protected resource metadata, authorization server metadata,
 * client registration (pre-registered, client ID metadata document, dynamic), the authorization code flow with PKCE
 * through a callback the application supplies, scopes from {@code WWW-Authenticate} with step-up, refresh. Uses only
 * the JDK's HTTP client and the protocol module's JSON codec; never the server.
 */
package dev.jmcp.client.auth;
