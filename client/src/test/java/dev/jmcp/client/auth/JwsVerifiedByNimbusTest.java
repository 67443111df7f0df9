package dev.jmcp.client.auth;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the client signs with the JDK alone ({@link CompactJws}), checked by Nimbus JOSE+JWT, a library it does not
 * ship: for every key the client signs with, the JWS parses, its signature verifies with the public key and no other,
 * its header names the algorithm RFC 7518 gives that key, and its claims are those RFC 7523 ({@code private_key_jwt})
 * and RFC 9449 (DPoP) require. Keys are made by Nimbus, written to PKCS#8 PEM by Bouncy Castle and read by the client,
 * which must find the key Nimbus finds in the same PEM.
 */
@Timeout(60)
class JwsVerifiedByNimbusTest {

    /** A key of each kind the client signs with, and the algorithm a JWS made with it must name. */
    record Signer(String name, JWK key, JWSAlgorithm algorithm) {
        @Override
        public String toString() {
            return name;
        }

        JWSVerifier verifier() throws Exception {
            return key instanceof ECKey ec ? new ECDSAVerifier(ec.toECPublicKey())
                    : new RSASSAVerifier(key.toRSAKey().toRSAPublicKey());
        }

        PrivateKey privateKey() throws Exception {
            return key instanceof ECKey ec ? ec.toPrivateKey() : key.toRSAKey().toPrivateKey();
        }

        PublicKey publicKey() throws Exception {
            return key instanceof ECKey ec ? ec.toPublicKey() : key.toRSAKey().toPublicKey();
        }
    }

    static Stream<Signer> signers() throws Exception {
        return Stream.of(
                new Signer("P-256", new ECKeyGenerator(Curve.P_256).generate(), JWSAlgorithm.ES256),
                new Signer("P-384", new ECKeyGenerator(Curve.P_384).generate(), JWSAlgorithm.ES384),
                new Signer("P-521", new ECKeyGenerator(Curve.P_521).generate(), JWSAlgorithm.ES512),
                new Signer("RSA 2048", new RSAKeyGenerator(2048).generate(), JWSAlgorithm.RS256),
                new Signer("RSA 3072", new RSAKeyGenerator(3072).generate(), JWSAlgorithm.RS256));
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aPemKeyTheClientReadsIsTheKeyNimbusReadsFromIt(Signer signer) throws Exception {
        String pem = pkcs8(signer.privateKey());
        assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----");

        PrivateKey read = OAuth.privateKeyFromPem(pem);
        // Nimbus reads a key from PEM into a JWK, which needs the public part too; a PKCS#8 EC key as the JDK writes
        // it has none, so the public key goes beside it (the client is given the private key alone).
        JWK parsed = JWK.parseFromPEMEncodedObjects(pem + pem(signer.publicKey()));
        assertThat(parsed.isPrivate()).isTrue();
        if (parsed instanceof ECKey ec) {
            assertThat(read).isInstanceOf(ECPrivateKey.class);
            assertThat(((ECPrivateKey) read).getS()).isEqualTo(ec.toECPrivateKey().getS());
            assertThat(Curve.forECParameterSpec(((ECPrivateKey) read).getParams())).isEqualTo(ec.getCurve());
        } else {
            var rsa = parsed.toRSAKey().toRSAPrivateKey();
            assertThat(read).isInstanceOf(RSAPrivateKey.class);
            assertThat(((RSAPrivateKey) read).getModulus()).isEqualTo(rsa.getModulus());
            assertThat(((RSAPrivateKey) read).getPrivateExponent()).isEqualTo(rsa.getPrivateExponent());
        }
        assertThat(parsed.toPublicJWK()).isEqualTo(signer.key().toPublicJWK());
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aClientAssertionVerifiesWithThePublicKeyAndCarriesTheClaimsOfRfc7523(Signer signer) throws Exception {
        long before = Instant.now().getEpochSecond();
        String token = ClientAssertion.sign("client-7", OAuth.privateKeyFromPem(pkcs8(signer.privateKey())),
                "https://issuer.example");
        SignedJWT jwt = SignedJWT.parse(token);

        assertThat(jwt.verify(signer.verifier())).as("verified with the key pair's public key").isTrue();
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(signer.algorithm());
        assertThat(jwt.getHeader().getType()).isEqualTo(JOSEObjectType.JWT);
        assertThat(jwt.getHeader().getKeyID()).as("the client sets no kid").isNull();
        assertThat(jwt.getHeader().getJWK()).as("a client assertion does not carry its key").isNull();

        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        // RFC 7523 §3 and RFC 7521 §5.2: iss and sub are the client_id, aud the authorization server, exp required.
        var exact = new JWTClaimsSet.Builder().issuer("client-7").subject("client-7").build();
        new DefaultJWTClaimsVerifier<>("https://issuer.example", exact, Set.of("iss", "sub", "aud", "exp", "iat",
                "jti")).verify(claims, null);
        assertThat(claims.getAudience()).containsExactly("https://issuer.example");
        long issued = claims.getIssueTime().toInstant().getEpochSecond();
        assertThat(issued).isBetween(before, Instant.now().getEpochSecond());
        assertThat(claims.getExpirationTime().toInstant().getEpochSecond() - issued).isEqualTo(300);
        assertThat(claims.getJWTID()).isNotBlank();

        SignedJWT other = SignedJWT.parse(ClientAssertion.sign("client-7", signer.privateKey(), "x"));
        assertThat(other.getJWTClaimsSet().getJWTID()).as("each assertion has its own jti")
                .isNotEqualTo(claims.getJWTID());
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aSignatureDoesNotVerifyWithAnotherKeyNorOverAChangedPayload(Signer signer) throws Exception {
        String token = ClientAssertion.sign("client-8", signer.privateKey(), "aud");
        JWK other = signer.key() instanceof ECKey ec ? new ECKeyGenerator(ec.getCurve()).generate()
                : new RSAKeyGenerator(signer.key().size()).generate();
        var stranger = new Signer("another " + signer.name(), other, signer.algorithm());
        assertThat(SignedJWT.parse(token).verify(stranger.verifier())).as("another key of the same kind").isFalse();

        String[] parts = token.split("\\.");
        String forged = CompactJws.BASE64URL.encodeToString(
                "{\"iss\":\"client-9\",\"sub\":\"client-9\",\"aud\":\"aud\"}".getBytes(StandardCharsets.UTF_8));
        SignedJWT changed = SignedJWT.parse(parts[0] + "." + forged + "." + parts[2]);
        assertThat(changed.verify(signer.verifier())).as("a payload changed under the signature").isFalse();
    }

    @Test
    void aDpopProofVerifiesWithThePublicKeyItsHeaderCarriesAndNamesTheRequestAsRfc9449Says() throws Exception {
        var proofs = new DpopProofs();
        long before = Instant.now().getEpochSecond();
        SignedJWT proof = SignedJWT.parse(proofs.proof("POST", "https://server.example/mcp?x=1#part", "token-1",
                "nonce-1"));

        // RFC 9449 §4.2: typ "dpop+jwt", an asymmetric alg, and jwk the public key, which MUST NOT be a private one.
        assertThat(proof.getHeader().getType()).isEqualTo(new JOSEObjectType("dpop+jwt"));
        assertThat(proof.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        JWK jwk = proof.getHeader().getJWK();
        assertThat(jwk).isInstanceOf(ECKey.class);
        assertThat(jwk.isPrivate()).isFalse();
        assertThat(((ECKey) jwk).getCurve()).isEqualTo(Curve.P_256);
        assertThat(proof.verify(new ECDSAVerifier((ECKey) jwk))).isTrue();

        JWTClaimsSet claims = proof.getJWTClaimsSet();
        assertThat(claims.getStringClaim("htm")).isEqualTo("POST");
        assertThat(claims.getStringClaim("htu")).as("without query and fragment")
                .isEqualTo("https://server.example/mcp");
        assertThat(claims.getIssueTime().toInstant().getEpochSecond())
                .isBetween(before, Instant.now().getEpochSecond());
        assertThat(claims.getJWTID()).isNotBlank();
        byte[] hash = MessageDigest.getInstance("SHA-256").digest("token-1".getBytes(StandardCharsets.US_ASCII));
        assertThat(claims.getStringClaim("ath")).as("base64url of the access token's SHA-256")
                .isEqualTo(Base64URL.encode(hash).toString());
        assertThat(claims.getStringClaim("nonce")).isEqualTo("nonce-1");

        SignedJWT bare = SignedJWT.parse(proofs.proof("GET", "https://server.example/mcp", null, null));
        assertThat(bare.verify(new ECDSAVerifier((ECKey) bare.getHeader().getJWK()))).isTrue();
        assertThat(bare.getJWTClaimsSet().getClaims()).containsOnlyKeys("htm", "htu", "iat", "jti");
        assertThat(bare.getHeader().getJWK().computeThumbprint()).as("one key for every proof of a client")
                .isEqualTo(jwk.computeThumbprint());
        assertThat(bare.getJWTClaimsSet().getJWTID()).isNotEqualTo(claims.getJWTID());
    }

    @Test
    void keysNoJwsAlgorithmFitsAreRefusedBeforeAnythingIsSigned() throws Exception {
        var rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(1024);
        PrivateKey small = OAuth.privateKeyFromPem(pkcs8(rsa.generateKeyPair().getPrivate()));
        assertThatThrownBy(() -> ClientAssertion.sign("c", small, "aud"))
                .isInstanceOf(java.security.InvalidKeyException.class).hasMessageContaining("2048");

        var ed = KeyPairGenerator.getInstance("Ed25519").generateKeyPair().getPrivate();
        assertThatThrownBy(() -> ClientAssertion.sign("c", ed, "aud"))
                .isInstanceOf(java.security.InvalidKeyException.class).hasMessageContaining("EC or RSA");
    }

    @Test
    void aPemInAnotherFormThanPkcs8IsRefusedWithWhatToDo() throws Exception {
        var generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        var text = new StringWriter();
        // Bouncy Castle writes a key as OpenSSL's traditional forms do: SEC1 "EC PRIVATE KEY" here.
        try (var writer = new JcaPEMWriter(text)) {
            writer.writeObject(generator.generateKeyPair().getPrivate());
        }
        assertThat(text.toString()).startsWith("-----BEGIN EC PRIVATE KEY-----");
        assertThatThrownBy(() -> OAuth.privateKeyFromPem(text.toString())).isInstanceOf(IOException.class)
                .hasMessageContaining("PKCS#8");
    }

    /** {@code key} in PKCS#8 PEM, written by Bouncy Castle rather than by the client's own code. */
    private static String pkcs8(PrivateKey key) throws IOException {
        var text = new StringWriter();
        try (var writer = new JcaPEMWriter(text)) {
            writer.writeObject(new JcaPKCS8Generator(key, null));
        }
        return text.toString();
    }

    /** {@code key} as a PEM "PUBLIC KEY", written by Bouncy Castle. */
    private static String pem(PublicKey key) throws IOException {
        var text = new StringWriter();
        try (var writer = new JcaPEMWriter(text)) {
            writer.writeObject(key);
        }
        return text.toString();
    }
}
