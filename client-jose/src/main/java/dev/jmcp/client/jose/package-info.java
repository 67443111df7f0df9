/**
 * {@link dev.jmcp.client.jose.NimbusJose}, the client's {@link dev.jmcp.client.auth.Jose} on Nimbus JOSE+JWT (JWS,
 * JWK) and Bouncy Castle (PEM). Depends on the client's public API only; nothing in the client names this package.
 */
package dev.jmcp.client.jose;
