package dev.jmcp.client.auth;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.interfaces.ECPublicKey;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the client signs, checked the way a server checks it: each part decoded, the signature verified with the
 * public key (for DPoP, the one its own header carries) by the JDK's verifier, and the keys read back from PKCS#8 PEM.
 */
@Timeout(30)
class CompactJwsTest {

    @Test
    void aClientAssertionWithAnEcKeyIsAnEs256JwtForTheIssuer() throws Exception {
        KeyPair pair = generate("EC");
        PrivateKeyPem pem = new PrivateKeyPem(pair);
        String jwt = ClientAssertion.sign("client-1", ClientAssertion.readPem(pem.text()), "https://issuer.example");

        String[] parts = jwt.split("\\.");
        assertThat(parts).hasSize(3);
        assertThat(json(parts[0])).containsEntry("alg", "ES256").containsEntry("typ", "JWT");
        Map<String, Object> claims = json(parts[1]);
        assertThat(claims).containsEntry("iss", "client-1").containsEntry("sub", "client-1")
                .containsEntry("aud", "https://issuer.example").containsKeys("iat", "exp", "jti");
        assertThat(((Number) claims.get("exp")).longValue() - ((Number) claims.get("iat")).longValue()).isEqualTo(300);
        assertThat(Base64.getUrlDecoder().decode(parts[2])).as("R and S of 32 bytes each, not DER").hasSize(64);
        assertThat(verifies("SHA256withECDSAinP1363Format", pair.getPublic(), parts)).isTrue();
    }

    @Test
    void aClientAssertionWithAnRsaKeyIsAnRs256Jwt() throws Exception {
        KeyPair pair = generate("RSA");
        String jwt = ClientAssertion.sign("client-2", ClientAssertion.readPem(new PrivateKeyPem(pair).text()), "aud");
        String[] parts = jwt.split("\\.");
        assertThat(json(parts[0])).containsEntry("alg", "RS256");
        assertThat(verifies("SHA256withRSA", pair.getPublic(), parts)).isTrue();
        parts[1] = parts[1].substring(1);
        assertThat(verifies("SHA256withRSA", pair.getPublic(), parts)).as("a changed payload").isFalse();
    }

    @Test
    void aDpopProofIsSignedByTheKeyItsHeaderCarriesAndNamesTheRequest() throws Exception {
        var proofs = new DpopProofs();
        String[] parts = proofs.proof("POST", "https://server.example/mcp?x=1", "token", "n-1").split("\\.");

        Map<String, Object> header = json(parts[0]);
        assertThat(header).containsEntry("alg", "ES256").containsEntry("typ", "dpop+jwt");
        @SuppressWarnings("unchecked") Map<String, Object> jwk = (Map<String, Object>) header.get("jwk");
        assertThat(jwk).containsEntry("kty", "EC").containsEntry("crv", "P-256").doesNotContainKey("d");
        Map<String, Object> claims = json(parts[1]);
        assertThat(claims).containsEntry("htm", "POST").containsEntry("htu", "https://server.example/mcp")
                .containsEntry("nonce", "n-1").containsKeys("iat", "jti");
        byte[] ath = java.security.MessageDigest.getInstance("SHA-256").digest("token".getBytes(StandardCharsets.US_ASCII));
        assertThat(claims.get("ath")).isEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(ath));

        assertThat(verifies("SHA256withECDSAinP1363Format", publicKey(jwk), parts)).isTrue();
    }

    private static KeyPair generate(String algorithm) throws Exception {
        var generator = KeyPairGenerator.getInstance(algorithm);
        if (algorithm.equals("EC")) generator.initialize(new ECGenParameterSpec("secp256r1"));
        else generator.initialize(2048);
        return generator.generateKeyPair();
    }

    private record PrivateKeyPem(KeyPair pair) {
        String text() {
            return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, new byte[]{'\n'})
                    .encodeToString(pair.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n";
        }
    }

    private static Map<String, Object> json(String part) {
        @SuppressWarnings("unchecked") Map<String, Object> tree = (Map<String, Object>) JsonCodec.shared().parse(Base64.getUrlDecoder().decode(part));
        return tree;
    }

    private static boolean verifies(String algorithm, PublicKey key, String[] parts) throws Exception {
        var verifier = Signature.getInstance(algorithm);
        verifier.initVerify(key);
        verifier.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        return verifier.verify(Base64.getUrlDecoder().decode(parts[2]));
    }

    /** The P-256 public key a JWK names, as a server rebuilds it from a DPoP header. */
    private static PublicKey publicKey(Map<String, Object> jwk) throws Exception {
        var x = new BigInteger(1, Base64.getUrlDecoder().decode((String) jwk.get("x")));
        var y = new BigInteger(1, Base64.getUrlDecoder().decode((String) jwk.get("y")));
        var generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        var params = ((ECPublicKey) generator.generateKeyPair().getPublic()).getParams();
        return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(new ECPoint(x, y), params));
    }
}
