package dev.jmcp.server.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks the DPoP proof (RFC 9449) that comes with a DPoP-bound access token, as a resource server must (section
 * 4.3 and 7.1): a {@code dpop+jwt} signed with an asymmetric algorithm by the public key in its own header, for this
 * request's method and URL, issued just now, naming the token's hash in {@code ath}, by the key the token is bound to
 * ({@code cnf.jkt}), and not seen before (its {@code jti} is remembered for the window in which it would pass).
 * Thread-safe.
 */
final class DpopVerifier {
    /** The algorithms proofs may use: asymmetric ones only ("MUST NOT be none or a symmetric algorithm"). */
    static final List<JWSAlgorithm> ALGORITHMS = List.of(JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512,
            JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384,
            JWSAlgorithm.PS512);
    private static final JOSEObjectType DPOP = new JOSEObjectType("dpop+jwt");
    /** How far a proof's {@code iat} may be from now. */
    private static final Duration WINDOW = Duration.ofMinutes(2);
    private static final int MAX_REMEMBERED = 100_000;

    private final Clock clock;
    private final Map<String, Instant> seen = new ConcurrentHashMap<>();

    DpopVerifier(Clock clock) {
        this.clock = clock;
    }

    /**
     * Checks {@code proof} for a request {@code method} {@code url} carrying {@code token}, bound to the key whose
     * thumbprint is {@code jkt}.
     *
     * @throws InvalidTokenException saying what is wrong with the proof
     */
    void check(String proof, String method, URI url, String token, String jkt) throws InvalidTokenException {
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(proof);
        } catch (ParseException e) {
            throw new InvalidTokenException("the DPoP proof is not a signed JWT");
        }
        JWSHeader header = jwt.getHeader();
        if (!DPOP.equals(header.getType())) throw new InvalidTokenException("the DPoP proof's typ is not dpop+jwt");
        if (!ALGORITHMS.contains(header.getAlgorithm())) {
            throw new InvalidTokenException("the DPoP proof is signed with " + header.getAlgorithm()
                    + ", not an asymmetric algorithm this server accepts");
        }
        JWK key = header.getJWK();
        if (key == null) throw new InvalidTokenException("the DPoP proof has no jwk in its header");
        if (key.isPrivate()) throw new InvalidTokenException("the DPoP proof's jwk holds a private key");
        try {
            boolean valid = switch (key) {
                case ECKey ec -> jwt.verify(new ECDSAVerifier(ec));
                case RSAKey rsa -> jwt.verify(new RSASSAVerifier(rsa));
                default -> throw new InvalidTokenException("the DPoP proof's key is neither EC nor RSA");
            };
            if (!valid) throw new InvalidTokenException("the DPoP proof's signature does not verify");
            if (jkt == null || !jkt.equals(key.computeThumbprint().toString())) {
                throw new InvalidTokenException("the DPoP proof is signed by another key than the one the token is "
                        + "bound to");
            }
        } catch (JOSEException e) {
            throw new InvalidTokenException("the DPoP proof's signature cannot be checked: " + e.getMessage());
        }
        Map<String, Object> claims;
        try {
            claims = jwt.getJWTClaimsSet().getClaims();
        } catch (ParseException e) {
            throw new InvalidTokenException("the DPoP proof's claims cannot be read");
        }
        if (!(claims.get("jti") instanceof String jti) || jti.isBlank()) {
            throw new InvalidTokenException("the DPoP proof has no jti");
        }
        if (!method.equals(claims.get("htm"))) {
            throw new InvalidTokenException("the DPoP proof is for " + claims.get("htm") + ", not " + method);
        }
        if (!(claims.get("htu") instanceof String htu) || !normalized(htu).equals(normalized(url.toString()))) {
            throw new InvalidTokenException("the DPoP proof is for " + claims.get("htu") + ", not " + url);
        }
        Instant now = clock.instant();
        if (!(claims.get("iat") instanceof Date iat) || iat.toInstant().isBefore(now.minus(WINDOW))
                || iat.toInstant().isAfter(now.plus(WINDOW))) {
            throw new InvalidTokenException("the DPoP proof was not issued just now (iat)");
        }
        if (!hash(token).equals(claims.get("ath"))) {
            throw new InvalidTokenException("the DPoP proof's ath is not the hash of the access token");
        }
        remember(jti, now);
    }

    /** "The server can store, in the context of the target URI, the jti value of each DPoP proof for the time window". */
    private void remember(String jti, Instant now) throws InvalidTokenException {
        if (seen.size() >= MAX_REMEMBERED) seen.values().removeIf(at -> at.isBefore(now.minus(WINDOW.multipliedBy(2))));
        if (seen.putIfAbsent(jti, now) != null) throw new InvalidTokenException("the DPoP proof was used before (jti)");
    }

    /** Scheme and host in lower case, the default port dropped, no query or fragment: how URLs are compared here. */
    static String normalized(String url) {
        try {
            URI uri = URI.create(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            boolean defaultPort = port == -1 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
            String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            return scheme + "://" + host + (defaultPort ? "" : ":" + port) + path;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    /** base64url(SHA-256(token)): the {@code ath} of a proof for {@code token}. */
    static String hash(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
