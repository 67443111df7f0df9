package dev.jmcp.client.auth;

import dev.jmcp.protocol.json.JsonCodec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JWS in compact serialization (RFC 7515), signed ES256 with a P-256 key or RS256 with an RSA key: what the client
 * signs, its {@code private_key_jwt} assertions and DPoP proofs. Pure functions.
 *
 * <p>Signed with the JDK's {@link Signature}, not Nimbus JOSE+JWT (which the server uses to verify tokens), on
 * purpose: the client embeds in other programs and must stay small. Nimbus would add 843 KB to a 157 KB module for
 * two fixed algorithms that the JDK implements, and the client never verifies a JWS — choosing and checking an
 * algorithm from untrusted input, where a JOSE library earns its size, happens on the server only.
 */
final class CompactJws {
    static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private CompactJws() {
    }

    /**
     * {@code header} (to which {@code alg} is added first) and {@code claims}, signed with {@code key}.
     *
     * @throws GeneralSecurityException the key cannot sign (neither EC nor RSA, or refused by the provider)
     */
    static String sign(Map<String, Object> header, Map<String, Object> claims, PrivateKey key)
            throws GeneralSecurityException {
        boolean ec = key instanceof ECPrivateKey;
        var protectedHeader = new LinkedHashMap<String, Object>();
        protectedHeader.put("alg", ec ? "ES256" : "RS256");
        protectedHeader.putAll(header);
        String input = part(protectedHeader) + "." + part(claims);
        // RFC 7518 §3.4: an ECDSA JWS signature is R and S side by side, which is the JDK's P1363 format (not DER).
        Signature signer = Signature.getInstance(ec ? "SHA256withECDSAinP1363Format" : "SHA256withRSA");
        signer.initSign(key);
        signer.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + BASE64URL.encodeToString(signer.sign());
    }

    private static String part(Map<String, Object> json) {
        return BASE64URL.encodeToString(JsonCodec.shared().writeValueAsString(json).getBytes(StandardCharsets.UTF_8));
    }
}
