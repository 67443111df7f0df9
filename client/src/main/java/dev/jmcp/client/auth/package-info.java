/**
 * OAuth 2.1 authorization for the HTTP transports: protected resource metadata, authorization server metadata,
 * client registration (pre-registered, client ID metadata document, dynamic), the authorization code flow with PKCE
 * through a callback the application supplies, scopes from {@code WWW-Authenticate} with step-up, refresh, the
 * client credentials grant ({@code private_key_jwt} among its client authentications) and DPoP. Uses only the JDK's
 * HTTP client and the protocol module's JSON codec; never the server. Signing JWTs and reading PEM keys go through
 * {@link dev.jmcp.client.auth.Jose}, which the separate module {@code jmcp-client-jose} provides, so no JOSE or PEM
 * library is a dependency of the client.
 */
package dev.jmcp.client.auth;
