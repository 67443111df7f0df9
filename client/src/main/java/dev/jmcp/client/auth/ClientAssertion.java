package dev.jmcp.client.auth;

import dev.jmcp.protocol.json.JsonCodec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A signed JWT with which a client authenticates itself ({@code private_key_jwt}, RFC 7523): ES256 for an EC key,
 * RS256 for an RSA one, signed with the JDK's own providers (no JOSE library is needed for these two). Pure functions.
 */
final class ClientAssertion {
    static final String TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

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
        boolean ec = key instanceof ECPrivateKey;
        var header = new LinkedHashMap<String, Object>();
        header.put("alg", ec ? "ES256" : "RS256");
        header.put("typ", "JWT");
        long now = Instant.now().getEpochSecond();
        var claims = new LinkedHashMap<String, Object>();
        claims.put("iss", clientId);
        claims.put("sub", clientId);
        claims.put("aud", audience);
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("jti", UUID.randomUUID().toString());
        String input = part(header) + "." + part(claims);
        // JWS wants the raw r||s of ECDSA, which is the JDK's P1363 format.
        Signature signer = Signature.getInstance(ec ? "SHA256withECDSAinP1363Format" : "SHA256withRSA");
        signer.initSign(key);
        signer.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + B64.encodeToString(signer.sign());
    }

    private static String part(Map<String, Object> json) {
        return B64.encodeToString(JsonCodec.shared().writeValueAsString(json).getBytes(StandardCharsets.UTF_8));
    }
}
