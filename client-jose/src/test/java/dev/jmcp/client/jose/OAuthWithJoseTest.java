package dev.jmcp.client.jose;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import dev.jmcp.client.auth.OAuth;
import dev.jmcp.client.jose.NimbusJoseTest.Signer;
import dev.jmcp.testkit.StubHttpServer;
import dev.jmcp.testkit.StubHttpServer.RecordedRequest;
import dev.jmcp.testkit.StubHttpServer.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client's OAuth with this provider on its path, through its public API against an authorization server on
 * 127.0.0.1 (a stub that answers the metadata and token requests): a {@code private_key_jwt} client assertion made
 * from a PEM key verifies with Nimbus for every kind of key and carries the claims of RFC 7523; an authorization
 * server that offers DPoP ES256 gets proofs, and the resource a DPoP-bound token with a proof per request, as RFC 9449
 * says, the server's nonce included once it asks for one.
 */
@Timeout(60)
class OAuthWithJoseTest {


    static Stream<Signer> signers() throws Exception {
        return Stream.of(
                new Signer("P-256", new ECKeyGenerator(Curve.P_256).generate(), JWSAlgorithm.ES256),
                new Signer("P-384", new ECKeyGenerator(Curve.P_384).generate(), JWSAlgorithm.ES384),
                new Signer("P-521", new ECKeyGenerator(Curve.P_521).generate(), JWSAlgorithm.ES512),
                new Signer("RSA 2048", new RSAKeyGenerator(2048).generate(), JWSAlgorithm.RS256));
    }

    @ParameterizedTest
    @MethodSource("signers")
    void aClientAssertionFromAPemKeyVerifiesAndCarriesTheClaimsOfRfc7523(Signer signer) throws Exception {
        try (var server = StubHttpServer.start()) {
            String issuer = authorizationServer(server, false);
            var pair = signer.key() instanceof ECKey ec ? ec.toKeyPair() : signer.key().toRSAKey().toKeyPair();
            // The traditional form (SEC1, PKCS#1): what OpenSSL writes by default, which the JDK alone cannot read.
            OAuth oauth = OAuth.clientCredentials("client-7", OAuth.privateKeyFromPem(Pem.traditional(pair))).build();
            long before = Instant.now().getEpochSecond();
            assertThat(oauth.challenged(resource(server), 401, challenge(server), null)).isTrue();

            Map<String, String> form = form(tokenRequest(server));
            assertThat(form).containsEntry("grant_type", "client_credentials").containsEntry("client_id", "client-7")
                    .containsEntry("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
            SignedJWT jwt = SignedJWT.parse(form.get("client_assertion"));
            assertThat(jwt.verify(signer.verifier())).as("verified with the key pair's public key").isTrue();
            assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(signer.algorithm());
            assertThat(jwt.getHeader().getType()).isEqualTo(JOSEObjectType.JWT);
            assertThat(jwt.getHeader().getJWK()).as("a client assertion does not carry its key").isNull();

            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            // RFC 7523 §3: iss and sub are the client_id, aud the authorization server, exp required.
            var exact = new JWTClaimsSet.Builder().issuer("client-7").subject("client-7").build();
            new DefaultJWTClaimsVerifier<>(issuer, exact, Set.of("iss", "sub", "aud", "exp", "iat", "jti"))
                    .verify(claims, null);
            long issued = claims.getIssueTime().toInstant().getEpochSecond();
            assertThat(issued).isBetween(before, Instant.now().getEpochSecond());
            assertThat(claims.getExpirationTime().toInstant().getEpochSecond() - issued).isEqualTo(300);
            assertThat(oauth.requestHeaders("POST", resource(server))).containsEntry("Authorization", "Bearer token-1");
        }
    }

    @Test
    void anAuthorizationServerOfferingDpopBindsTheTokenAndEveryRequestCarriesAProofOfTheKey() throws Exception {
        try (var server = StubHttpServer.start()) {
            String issuer = authorizationServer(server, true);
            URI resource = resource(server);
            OAuth oauth = OAuth.clientCredentials("client-1", "secret-1").build();
            assertThat(oauth.challenged(resource, 401, challenge(server), null)).isTrue();

            SignedJWT tokenProof = SignedJWT.parse(tokenRequest(server).header("DPoP").orElseThrow());
            // RFC 9449 §4.2: typ "dpop+jwt", an asymmetric alg, jwk the public key (which MUST NOT be a private one).
            assertThat(tokenProof.getHeader().getType()).isEqualTo(new JOSEObjectType("dpop+jwt"));
            assertThat(tokenProof.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
            JWK jwk = tokenProof.getHeader().getJWK();
            assertThat(jwk.isPrivate()).isFalse();
            assertThat(((ECKey) jwk).getCurve()).isEqualTo(Curve.P_256);
            assertThat(tokenProof.verify(new ECDSAVerifier((ECKey) jwk))).isTrue();
            assertThat(tokenProof.getJWTClaimsSet().getClaims()).as("no access token yet, no nonce asked")
                    .containsOnlyKeys("htm", "htu", "iat", "jti").containsEntry("htm", "POST")
                    .containsEntry("htu", issuer + "/token");

            Map<String, String> headers = oauth.requestHeaders("GET", URI.create(resource + "?x=1#part"));
            assertThat(headers).containsEntry("Authorization", "DPoP token-1");
            SignedJWT proof = SignedJWT.parse(headers.get("DPoP"));
            assertThat(proof.verify(new ECDSAVerifier((ECKey) proof.getHeader().getJWK()))).isTrue();
            assertThat(proof.getHeader().getJWK().computeThumbprint()).as("one key for every proof of a client")
                    .isEqualTo(jwk.computeThumbprint());
            JWTClaimsSet claims = proof.getJWTClaimsSet();
            assertThat(claims.getStringClaim("htm")).isEqualTo("GET");
            assertThat(claims.getStringClaim("htu")).as("without query and fragment").isEqualTo(resource.toString());
            byte[] hash = MessageDigest.getInstance("SHA-256").digest("token-1".getBytes(StandardCharsets.US_ASCII));
            assertThat(claims.getStringClaim("ath")).as("base64url of the access token's SHA-256")
                    .isEqualTo(Base64URL.encode(hash).toString());
            assertThat(claims.getJWTID()).isNotEqualTo(tokenProof.getJWTClaimsSet().getJWTID());

            // RFC 9449 §9: a resource server may ask for a nonce; the proofs that follow carry it.
            assertThat(oauth.challenged(resource, 401, "DPoP error=\"use_dpop_nonce\"", "nonce-1")).isTrue();
            SignedJWT withNonce = SignedJWT.parse(oauth.requestHeaders("POST", resource).get("DPoP"));
            assertThat(withNonce.getJWTClaimsSet().getStringClaim("nonce")).isEqualTo("nonce-1");
        }
    }

    /** Serves the resource's and the authorization server's metadata and a token endpoint; returns the issuer. */
    private static String authorizationServer(StubHttpServer server, boolean dpop) {
        String base = server.uri().toString();
        server.respond("/.well-known/oauth-protected-resource/mcp", Response.json(200,
                "{\"resource\":\"" + base + "/mcp\",\"authorization_servers\":[\"" + base + "\"]}"));
        server.respond("/.well-known/oauth-authorization-server", Response.json(200, "{\"issuer\":\"" + base
                + "\",\"token_endpoint\":\"" + base + "/token\""
                + (dpop ? ",\"dpop_signing_alg_values_supported\":[\"ES256\",\"RS256\"]" : "") + "}"));
        server.respond("/token", Response.json(200, "{\"access_token\":\"token-1\",\"token_type\":\""
                + (dpop ? "DPoP" : "Bearer") + "\",\"expires_in\":300}"));
        return base;
    }

    private static URI resource(StubHttpServer server) {
        return URI.create(server.uri() + "/mcp");
    }

    private static String challenge(StubHttpServer server) {
        return "Bearer resource_metadata=\"" + server.uri() + "/.well-known/oauth-protected-resource/mcp\"";
    }

    private static RecordedRequest tokenRequest(StubHttpServer server) {
        List<RecordedRequest> requests = server.requests().stream().filter(r -> r.path().equals("/token")).toList();
        assertThat(requests).hasSize(1);
        return requests.getFirst();
    }

    private static Map<String, String> form(RecordedRequest request) {
        var form = new HashMap<String, String>();
        for (String pair : new String(request.body(), StandardCharsets.UTF_8).split("&")) {
            int eq = pair.indexOf('=');
            form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return form;
    }
}
