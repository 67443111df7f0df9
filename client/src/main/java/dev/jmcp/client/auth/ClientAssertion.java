package dev.jmcp.client.auth;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A signed JWT with which a client authenticates itself ({@code private_key_jwt}, RFC 7523): its claims are chosen
 * here, its signature (ES256, ES384 or ES512 for an EC key by its curve, RS256 for an RSA one) is the {@link Jose}
 * provider's. Pure functions.
 */
final class ClientAssertion {
    static final String TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private ClientAssertion() {
    }

    /** The assertion for {@code clientId} addressed to {@code audience} (the issuer), valid five minutes. */
    static String sign(Jose jose, String clientId, PrivateKey key, String audience) throws GeneralSecurityException {
        long now = Instant.now().getEpochSecond();
        // RFC 7523 §3: iss and sub are the client_id, aud the authorization server; exp is required.
        var claims = new LinkedHashMap<String, Object>();
        claims.put("iss", clientId);
        claims.put("sub", clientId);
        claims.put("aud", audience);
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("jti", UUID.randomUUID().toString());
        return jose.sign(Map.of("typ", "JWT"), claims, key);
    }
}
