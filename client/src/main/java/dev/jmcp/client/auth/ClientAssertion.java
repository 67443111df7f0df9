package dev.jmcp.client.auth;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A signed JWT with which a client authenticates itself ({@code private_key_jwt}, RFC 7523): ES256, ES384 or ES512
 * for an EC key (by its curve), RS256 for an RSA one (see {@link CompactJws} for why the JDK signs them). Pure
 * functions.
 *
 * <p>The key is read from PKCS#8 PEM with the JDK alone: the PEM reader the server uses for its TLS key (Bouncy
 * Castle, which also reads PKCS#1 and SEC1) is about 10 MB, too much for a module others embed; OpenSSL converts any
 * key with {@code openssl pkcs8 -topk8 -nocrypt}.
 */
final class ClientAssertion {
    static final String TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private ClientAssertion() {
    }

    /** A PKCS#8 key in PEM ("-----BEGIN PRIVATE KEY-----"), EC or RSA. */
    static PrivateKey readPem(String pem) throws GeneralSecurityException {
        String body = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        byte[] der = Base64.getDecoder().decode(body);
        try {
            return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        }
    }

    /** The assertion for {@code clientId} addressed to {@code audience} (the issuer), valid five minutes. */
    static String sign(String clientId, PrivateKey key, String audience) throws GeneralSecurityException {
        long now = Instant.now().getEpochSecond();
        var claims = new LinkedHashMap<String, Object>();
        claims.put("iss", clientId);
        claims.put("sub", clientId);
        claims.put("aud", audience);
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("jti", UUID.randomUUID().toString());
        return CompactJws.sign(Map.of("typ", "JWT"), claims, key);
    }
}
