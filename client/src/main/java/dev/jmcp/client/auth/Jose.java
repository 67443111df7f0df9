package dev.jmcp.client.auth;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The JOSE encoding the client's authorization needs and leaves to a library: a JWT signed in JWS compact
 * serialization (its {@code private_key_jwt} client assertions, RFC 7523, and its DPoP proofs, RFC 9449), the public
 * JWK a DPoP proof carries, and a private key read from PEM. What is signed, with which key and when stays with
 * {@link OAuth}; an implementation only encodes and signs.
 *
 * <p>An extension point found with {@link ServiceLoader}: the module {@code dev.jmcp.client.jose} (artifact
 * {@code dev.jmcp:jmcp-client-jose}, on Nimbus JOSE+JWT and Bouncy Castle) provides one, so the client itself carries
 * no JOSE or PEM library. Without a provider, {@link OAuth#clientCredentials(String, PrivateKey)} and
 * {@link OAuth#privateKeyFromPem} throw an {@link IllegalStateException} naming that artifact, and the client does
 * not use DPoP: it asks for bearer tokens even from an authorization server that offers DPoP. Implementations are
 * thread-safe and keep no state between calls.
 */
public interface Jose {

    /**
     * {@code header} and {@code claims} as a JWS in compact serialization, signed with {@code key} by the algorithm
     * RFC 7518 gives the key: ES256, ES384 or ES512 for an EC key on P-256, P-384 or P-521, RS256 for an RSA key of
     * 2048 bits or more. The implementation adds {@code alg} to {@code header}, which names none.
     *
     * @throws GeneralSecurityException the key signs no JWS (another kind of key, another curve, an RSA key under
     *                                  2048 bits) or its provider refused it; the message says which
     */
    String sign(Map<String, Object> header, Map<String, Object> claims, PrivateKey key) throws GeneralSecurityException;

    /**
     * The first private key of {@code pem}, in any form OpenSSL writes one unencrypted: PKCS#8
     * ({@code BEGIN PRIVATE KEY}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) or SEC1 ({@code BEGIN EC PRIVATE KEY}); other
     * blocks (certificates, EC parameters) are skipped. The key is one {@link #sign} accepts.
     *
     * @throws IOException no such key in the text, an encrypted one, or one that signs no JWS; the message says which
     */
    PrivateKey readPrivateKey(String pem) throws IOException;

    /**
     * {@code key} as a public JWK (RFC 7517), the JSON object a DPoP proof's {@code jwk} header carries.
     *
     * @throws GeneralSecurityException neither an EC key on a curve of {@link #sign} nor an RSA key
     */
    Map<String, Object> publicJwk(PublicKey key) throws GeneralSecurityException;

    /** The first provider on the client's class or module path, or empty. */
    static Optional<Jose> installed() {
        return ServiceLoader.load(Jose.class, Jose.class.getClassLoader()).findFirst();
    }
}
