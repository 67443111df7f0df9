package dev.jmcp.client.jose;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.jmcp.client.auth.Jose;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The provider alone, checked by Nimbus's verifiers and Bouncy Castle's PEM writer rather than by itself: the client
 * finds it as a service; for every kind of key it signs with, a JWS verifies with the public key and no other and
 * names the algorithm RFC 7518 gives that key; a key is read back from PEM in each form OpenSSL writes (PKCS#8, and
 * PKCS#1 or SEC1 for RSA or EC); keys that sign no JWS, encrypted PEM and text without a key are refused with a
 * message that says which.
 */
@Timeout(60)
class NimbusJoseTest {
    private final Jose jose = new NimbusJose();

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

        KeyPair pair() throws Exception {
            return key instanceof ECKey ec ? ec.toKeyPair() : key.toRSAKey().toKeyPair();
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

    @Test
    void theClientFindsThisProviderAsAService() {
        assertThat(Jose.installed()).containsInstanceOf(NimbusJose.class);
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aJwsVerifiesWithThePublicKeyAndNamesTheAlgorithmOfTheKey(Signer signer) throws Exception {
        var header = new LinkedHashMap<String, Object>();
        header.put("typ", "JWT");
        header.put("x-extra", "kept");
        String token = jose.sign(header, Map.of("iss", "client-1", "iat", 1_700_000_000L), signer.pair().getPrivate());

        JWSObject jws = JWSObject.parse(token);
        assertThat(jws.verify(signer.verifier())).as("verified with the key pair's public key").isTrue();
        assertThat(jws.getHeader().getAlgorithm()).isEqualTo(signer.algorithm());
        assertThat(jws.getHeader().getType()).isEqualTo(JOSEObjectType.JWT);
        assertThat(jws.getHeader().getCustomParam("x-extra")).isEqualTo("kept");
        assertThat(jws.getPayload().toJSONObject()).containsEntry("iss", "client-1")
                .containsEntry("iat", 1_700_000_000L);

        JWK other = signer.key() instanceof ECKey ec ? new ECKeyGenerator(ec.getCurve()).generate()
                : new RSAKeyGenerator(signer.key().size()).generate();
        assertThat(jws.verify(new Signer("another", other, signer.algorithm()).verifier()))
                .as("another key of the same kind").isFalse();
        String[] parts = token.split("\\.");
        String forged = com.nimbusds.jose.util.Base64URL.encode("{\"iss\":\"client-2\"}").toString();
        assertThat(JWSObject.parse(parts[0] + "." + forged + "." + parts[2]).verify(signer.verifier()))
                .as("a payload changed under the signature").isFalse();
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aPkcs8PemKeyIsReadAsTheKeyItHolds(Signer signer) throws Exception {
        PrivateKey key = signer.pair().getPrivate();
        String pem = Pem.pkcs8(key);
        assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----");
        assertSameKey(jose.readPrivateKey(pem), key);
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aTraditionalPemKeyIsReadToo(Signer signer) throws Exception {
        KeyPair pair = signer.pair();
        PrivateKey key = pair.getPrivate();
        String pem = Pem.traditional(pair);
        assertThat(pem).startsWith(key instanceof ECPrivateKey ? "-----BEGIN EC PRIVATE KEY-----"
                : "-----BEGIN RSA PRIVATE KEY-----");
        assertSameKey(jose.readPrivateKey("a comment before the key\n" + pem), key);
    }

    @Test
    void certificatesAndParametersBeforeTheKeyAreSkipped() throws Exception {
        // What 'openssl ecparam -genkey' writes: the curve's name (P-256) first, then the key.
        KeyPair pair = new ECKeyGenerator(Curve.P_256).generate().toKeyPair();
        String parameters = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
        assertSameKey(jose.readPrivateKey(parameters + Pem.traditional(pair)), pair.getPrivate());
    }

    @Test
    void anRsaKeyUnder2048BitsIsRefusedWhenReadAndWhenSigning() throws Exception {
        var generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024);
        PrivateKey small = generator.generateKeyPair().getPrivate();
        assertThatThrownBy(() -> jose.sign(Map.of(), Map.of(), small)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("2048").hasMessageContaining("1024");
        assertThatThrownBy(() -> jose.readPrivateKey(Pem.pkcs8(small))).isInstanceOf(IOException.class)
                .hasMessageContaining("signs no JWS").hasMessageContaining("2048");
    }

    @Test
    void anEcKeyOnACurveNoJwsAlgorithmUsesIsRefusedWhenReadAndWhenSigning() throws Exception {
        // secp256k1 (ES256K, RFC 8812) is no curve the JDK signs with any more; Bouncy Castle makes the key.
        var generator = KeyPairGenerator.getInstance("EC", new BouncyCastleProvider());
        generator.initialize(new ECGenParameterSpec("secp256k1"));
        PrivateKey key = generator.generateKeyPair().getPrivate();
        assertThatThrownBy(() -> jose.sign(Map.of(), Map.of(), key)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("P-256, P-384 or P-521").hasMessageContaining("secp256k1");
        assertThatThrownBy(() -> jose.readPrivateKey(Pem.pkcs8(key)))
                .isInstanceOf(IOException.class).hasMessageContaining("P-256, P-384 or P-521");
    }

    @Test
    void aKeyOfAnotherKindIsRefused() throws Exception {
        PrivateKey ed = KeyPairGenerator.getInstance("Ed25519").generateKeyPair().getPrivate();
        assertThatThrownBy(() -> jose.sign(Map.of(), Map.of(), ed)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("EC or RSA");
        assertThatThrownBy(() -> jose.readPrivateKey(Pem.pkcs8(ed)))
                .isInstanceOf(IOException.class).hasMessageContaining("EC or RSA");
    }

    @Test
    void anEncryptedKeyIsRefusedWithHowToDecryptIt() throws Exception {
        PrivateKey key = new ECKeyGenerator(Curve.P_256).generate().toECPrivateKey();
        var encryptor = new JceOpenSSLPKCS8EncryptorBuilder(PKCSObjectIdentifiers.pbeWithSHAAnd3_KeyTripleDES_CBC)
                .setProvider(new BouncyCastleProvider()).setPassword("secret".toCharArray()).build();
        String pem = Pem.of(new JcaPKCS8Generator(key, encryptor));
        assertThat(pem).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        assertThatThrownBy(() -> jose.readPrivateKey(pem)).isInstanceOf(IOException.class)
                .hasMessageContaining("encrypted").hasMessageContaining("openssl pkey");
    }

    @Test
    void textWithoutAKeyIsRefused() throws Exception {
        var generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        String publicOnly = Pem.of(generator.generateKeyPair().getPublic());
        assertThatThrownBy(() -> jose.readPrivateKey(publicOnly)).isInstanceOf(IOException.class)
                .hasMessageContaining("no PEM private key");
        assertThatThrownBy(() -> jose.readPrivateKey("-----BEGIN PRIVATE KEY-----\n!!\n-----END PRIVATE KEY-----\n"))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @MethodSource("signers")
    void thePublicJwkIsThePublicKeyAndNothingPrivate(Signer signer) throws Exception {
        Map<String, Object> jwk = jose.publicJwk(signer.pair().getPublic());
        JWK parsed = JWK.parse(jwk);
        assertThat(parsed.isPrivate()).isFalse();
        assertThat(parsed).isEqualTo(signer.key().toPublicJWK());
    }

    @Test
    void aHeaderNamingItsOwnAlgorithmIsRefused() throws Exception {
        PrivateKey key = new ECKeyGenerator(Curve.P_256).generate().toECPrivateKey();
        assertThatThrownBy(() -> jose.sign(Map.of("alg", "none"), Map.of(), key))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alg");
    }

    private static void assertSameKey(PrivateKey read, PrivateKey original) {
        if (original instanceof ECPrivateKey ec) {
            assertThat(read).isInstanceOf(ECPrivateKey.class);
            assertThat(((ECPrivateKey) read).getS()).isEqualTo(ec.getS());
            assertThat(Curve.forECParameterSpec(((ECPrivateKey) read).getParams()))
                    .isEqualTo(Curve.forECParameterSpec(ec.getParams()));
        } else {
            var rsa = (RSAPrivateKey) original;
            assertThat(read).isInstanceOf(RSAPrivateKey.class);
            assertThat(((RSAPrivateKey) read).getModulus()).isEqualTo(rsa.getModulus());
            assertThat(((RSAPrivateKey) read).getPrivateExponent()).isEqualTo(rsa.getPrivateExponent());
        }
    }
}
