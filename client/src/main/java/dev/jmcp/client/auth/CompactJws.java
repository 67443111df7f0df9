package dev.jmcp.client.auth;

import dev.jmcp.protocol.json.JsonCodec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JWS in compact serialization (RFC 7515), signed ES256, ES384 or ES512 with a P-256, P-384 or P-521 key, or RS256
 * with an RSA key of 2048 bits or more: what the client signs, its {@code private_key_jwt} assertions and DPoP proofs.
 * Pure functions.
 *
 * <p>Signed with the JDK's {@link Signature}, not Nimbus JOSE+JWT (which the server uses to verify tokens), on
 * purpose: the client embeds in other programs and must stay small. Nimbus would add 843 KB to a 157 KB module for
 * two fixed algorithms that the JDK implements, and the client never verifies a JWS — choosing and checking an
 * algorithm from untrusted input, where a JOSE library earns its size, happens on the server only. Its tests check
 * every algorithm here with Nimbus ({@code JwsVerifiedByNimbusTest}).
 */
final class CompactJws {
    static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private CompactJws() {
    }

    /**
     * {@code header} (to which {@code alg} is added first) and {@code claims}, signed with {@code key}.
     *
     * @throws GeneralSecurityException the key cannot sign a JWS (neither EC on a JWS curve nor RSA of 2048 bits or
     *                                  more, or refused by the provider)
     */
    static String sign(Map<String, Object> header, Map<String, Object> claims, PrivateKey key)
            throws GeneralSecurityException {
        Algorithm algorithm = Algorithm.of(key);
        var protectedHeader = new LinkedHashMap<String, Object>();
        protectedHeader.put("alg", algorithm.jws());
        protectedHeader.putAll(header);
        String input = part(protectedHeader) + "." + part(claims);
        Signature signer = Signature.getInstance(algorithm.jdk());
        signer.initSign(key);
        signer.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + BASE64URL.encodeToString(signer.sign());
    }

    /**
     * A JWS {@code alg} and the JDK's name of its signature.
     *
     * @param jws its name in a JWS header ({@code ES256})
     * @param jdk the JDK's {@link Signature} algorithm that makes it
     */
    private record Algorithm(String jws, String jdk) {
        /**
         * The algorithm for {@code key}. RFC 7518 §3.4 ties each ECDSA algorithm to one curve (ES256 is P-256 with
         * SHA-256), so the curve chooses; its signature is R and S side by side, which is the JDK's P1363 format (not
         * DER).
         */
        static Algorithm of(PrivateKey key) throws GeneralSecurityException {
            if (key instanceof ECPrivateKey ec) {
                int bits = ec.getParams().getCurve().getField().getFieldSize();
                return switch (bits) {
                    case 256 -> new Algorithm("ES256", "SHA256withECDSAinP1363Format");
                    case 384 -> new Algorithm("ES384", "SHA384withECDSAinP1363Format");
                    case 521 -> new Algorithm("ES512", "SHA512withECDSAinP1363Format");
                    default -> throw new InvalidKeyException("an EC key on P-256, P-384 or P-521 signs a JWS, not one "
                            + "of " + bits + " bits");
                };
            }
            if (key instanceof RSAPrivateKey rsa) {
                // RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
                if (rsa.getModulus().bitLength() < 2048) {
                    throw new InvalidKeyException("an RSA key signs a JWS from 2048 bits on, not "
                            + rsa.getModulus().bitLength());
                }
                return new Algorithm("RS256", "SHA256withRSA");
            }
            throw new InvalidKeyException("an EC or RSA key signs a JWS, not " + key.getAlgorithm());
        }
    }

    private static String part(Map<String, Object> json) {
        return BASE64URL.encodeToString(JsonCodec.shared().writeValueAsString(json).getBytes(StandardCharsets.UTF_8));
    }
}
