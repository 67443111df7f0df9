package dev.jmcp.client.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * DPoP (RFC 9449): one P-256 key per client, and a fresh proof JWT for each HTTP request ({@code htm}, {@code htu},
 * {@code iat}, {@code jti}; {@code ath} when it carries an access token; {@code nonce} when the server gave one),
 * signed ES256 by the {@link Jose} provider. Thread-safe.
 */
final class DpopProofs {
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private final Jose jose;
    private final KeyPair key;
    private final Map<String, Object> jwk;

    DpopProofs(Jose jose) {
        this.jose = jose;
        try {
            var generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            key = generator.generateKeyPair();
            jwk = Map.copyOf(jose.publicJwk(key.getPublic()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has P-256, and a JOSE provider its JWK", e);
        }
    }

    /** A proof for one request; {@code accessToken} and {@code nonce} may be null. */
    String proof(String method, String url, String accessToken, String nonce) {
        var header = new LinkedHashMap<String, Object>();
        header.put("typ", "dpop+jwt");
        header.put("jwk", jwk);
        var claims = new LinkedHashMap<String, Object>();
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("htm", method);
        // RFC 9449 §4.2: htu is "the HTTP target URI ... without query and fragment parts".
        int end = url.length();
        for (char part : new char[]{'?', '#'}) {
            int at = url.indexOf(part);
            if (at >= 0) end = Math.min(end, at);
        }
        claims.put("htu", url.substring(0, end));
        claims.put("iat", Instant.now().getEpochSecond());
        if (accessToken != null) claims.put("ath", BASE64URL.encodeToString(sha256(accessToken)));
        if (nonce != null) claims.put("nonce", nonce);
        try {
            return jose.sign(header, claims, key.getPrivate());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not sign a DPoP proof", e);
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "DPoP key " + jwk.get("x") + "," + jwk.get("y");
    }
}
