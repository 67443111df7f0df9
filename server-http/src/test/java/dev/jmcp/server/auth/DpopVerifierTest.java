package dev.jmcp.server.auth;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** RFC 9449 proofs as a resource server checks them: each way a proof can be wrong is refused, with the reason. */
class DpopVerifierTest {
    private static final URI URL = URI.create("http://127.0.0.1:3000/mcp");
    private static final String TOKEN = "eyJ.access.token";

    private final DpopVerifier verifier = new DpopVerifier(Clock.systemUTC());
    private final ECKey key = generate();
    private final String jkt = thumbprint(key);

    private static ECKey generate() {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID("k").generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String thumbprint(ECKey key) {
        try {
            return key.computeThumbprint().toString();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private String proof(ECKey signer, Consumer<JWTClaimsSet.Builder> change) throws Exception {
        var claims = new JWTClaimsSet.Builder().jwtID(UUID.randomUUID().toString()).claim("htm", "POST")
                .claim("htu", URL.toString()).issueTime(new Date()).claim("ath", DpopVerifier.hash(TOKEN));
        change.accept(claims);
        var jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).type(new JOSEObjectType("dpop+jwt"))
                .jwk(signer.toPublicJWK()).build(), claims.build());
        jwt.sign(new ECDSASigner(signer));
        return jwt.serialize();
    }

    @Test
    void aProofForThisRequestByTheBoundKeyPassesOnce() throws Exception {
        String proof = proof(key, c -> { });
        assertThatCode(() -> verifier.check(proof, "POST", URL, TOKEN, jkt)).doesNotThrowAnyException();
        assertThatThrownBy(() -> verifier.check(proof, "POST", URL, TOKEN, jkt)).hasMessageContaining("used before");
        // The URL as compared: default port and host case do not matter, a query does not either.
        assertThatCode(() -> verifier.check(proof(key, c -> c.claim("htu", "HTTP://127.0.0.1:3000/mcp")), "POST",
                URI.create("http://127.0.0.1:3000/mcp?x=1"), TOKEN, jkt)).doesNotThrowAnyException();
    }

    @Test
    void eachWrongPartIsRefusedWithItsReason() throws Exception {
        assertThatThrownBy(() -> verifier.check(proof(key, c -> c.claim("htm", "GET")), "POST", URL, TOKEN, jkt))
                .hasMessageContaining("for GET");
        assertThatThrownBy(() -> verifier.check(proof(key, c -> c.claim("htu", "http://evil.example/mcp")), "POST",
                URL, TOKEN, jkt)).hasMessageContaining("evil.example");
        assertThatThrownBy(() -> verifier.check(proof(key, c -> c.claim("ath", DpopVerifier.hash("other"))), "POST",
                URL, TOKEN, jkt)).hasMessageContaining("ath");
        assertThatThrownBy(() -> verifier.check(proof(key, c -> c.issueTime(Date.from(Instant.now().minusSeconds(600)))),
                "POST", URL, TOKEN, jkt)).hasMessageContaining("iat");
        assertThatThrownBy(() -> verifier.check(proof(key, c -> c.jwtID(null)), "POST", URL, TOKEN, jkt))
                .hasMessageContaining("jti");
        ECKey other = generate();
        assertThatThrownBy(() -> verifier.check(proof(other, c -> { }), "POST", URL, TOKEN, jkt))
                .hasMessageContaining("another key");
        assertThatThrownBy(() -> verifier.check("not-a-jwt", "POST", URL, TOKEN, jkt)).hasMessageContaining("signed JWT");
    }

    @Test
    void aSymmetricOrMistypedProofIsRefused() throws Exception {
        var claims = new JWTClaimsSet.Builder().jwtID("j").claim("htm", "POST").claim("htu", URL.toString())
                .issueTime(new Date()).claim("ath", DpopVerifier.hash(TOKEN)).build();
        var hmac = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).type(new JOSEObjectType("dpop+jwt")).build(),
                claims);
        hmac.sign(new MACSigner(new byte[32]));
        assertThatThrownBy(() -> verifier.check(hmac.serialize(), "POST", URL, TOKEN, jkt))
                .hasMessageContaining("asymmetric");
        var untyped = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).jwk(key.toPublicJWK()).build(), claims);
        untyped.sign(new ECDSASigner(key));
        assertThatThrownBy(() -> verifier.check(untyped.serialize(), "POST", URL, TOKEN, jkt))
                .hasMessageContaining("dpop+jwt");
    }
}
