package dev.jmcp.server.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.jmcp.plugin.Identity;
import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Verifies bearer JWTs (RFC 9068 access tokens, or plain JWTs) as an OAuth 2.1 resource server must: the signature
 * with the authorization server's published keys (fetched, cached, and fetched again for a key id not yet seen, so
 * the server can rotate keys), the issuer, the audience (the token must be meant for this server: RFC 8707), expiry
 * and not-before with a small clock skew. Thread-safe.
 */
public final class JwtVerifier implements TokenVerifier {
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
            JWSAlgorithm.ES384, JWSAlgorithm.ES512, JWSAlgorithm.EdDSA);

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final URI jwks;

    /**
     * @param issuer    the authorization server's issuer identifier, which tokens must name in {@code iss}
     * @param jwks      where its signing keys are published
     * @param audiences what tokens must name in {@code aud}: this server's canonical URI (and its spellings)
     * @param clockSkew how far clocks may disagree when checking {@code exp} and {@code nbf}
     */
    public JwtVerifier(URI issuer, URI jwks, Collection<String> audiences, Duration clockSkew) throws IOException {
        this.jwks = jwks;
        JWKSource<SecurityContext> keys = JWKSourceBuilder.create(jwks.toURL()).retrying(true).build();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        // RFC 9068 access tokens say typ "at+jwt"; many servers still send "JWT" or nothing.
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
                new JOSEObjectType("at+jwt"), new JOSEObjectType("application/at+jwt"), null));
        var claims = new DefaultJWTClaimsVerifier<SecurityContext>(new LinkedHashSet<>(audiences),
                new JWTClaimsSet.Builder().issuer(issuer.toString()).build(), Set.of("exp", "sub"), null);
        claims.setMaxClockSkew((int) Math.min(Integer.MAX_VALUE, clockSkew.toSeconds()));
        processor.setJWTClaimsSetVerifier(claims);
    }

    /**
     * A verifier for tokens of the authorization server {@code issuer}, whose keys are found through its metadata
     * (RFC 8414 {@code /.well-known/oauth-authorization-server}, else OpenID Connect discovery).
     *
     * @throws IOException when neither metadata document can be read or names no {@code jwks_uri}
     */
    public static JwtVerifier discover(URI issuer, Collection<String> audiences, Duration clockSkew) throws IOException {
        return new JwtVerifier(issuer, jwksOf(issuer), audiences, clockSkew);
    }

    /** The {@code jwks_uri} the authorization server {@code issuer} publishes in its metadata. */
    static URI jwksOf(URI issuer) throws IOException {
        String base = issuer.toString().replaceAll("/+$", "");
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath().replaceAll("/+$", "");
        String origin = base.substring(0, base.length() - path.length());
        List<URI> candidates = List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + path),
                URI.create(base + "/.well-known/openid-configuration"));
        var problems = new StringBuilder();
        try (var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            for (URI candidate : candidates) {
                try {
                    var response = http.send(HttpRequest.newBuilder(candidate).timeout(Duration.ofSeconds(10))
                            .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
                    if (response.statusCode() != 200) {
                        problems.append("; ").append(candidate).append(" answered ").append(response.statusCode());
                        continue;
                    }
                    if (JsonCodec.shared().parse(response.body()) instanceof Map<?, ?> metadata
                            && metadata.get("jwks_uri") instanceof String uri) {
                        return URI.create(uri);
                    }
                    problems.append("; ").append(candidate).append(" names no jwks_uri");
                } catch (IOException | RuntimeException e) {
                    problems.append("; ").append(candidate).append(": ").append(why(e));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the metadata of " + issuer, e);
        }
        throw new IOException("cannot find the signing keys of the authorization server " + issuer
                + problems.toString().replaceFirst("^; ", ": "));
    }

    /** What went wrong reaching a metadata URL, said plainly: the JDK leaves the message of a refused connection null. */
    private static String why(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) return "connection refused (is the authorization server running there?)";
            if (t instanceof java.net.http.HttpTimeoutException) return "no answer in time";
            if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
                return "unknown host";
            }
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    @Override
    public Identity verify(String token) throws InvalidTokenException {
        JWTClaimsSet claims;
        try {
            JWT jwt = JWTParser.parse(token);
            // Said here in our words: the library's own refusals of these name its extension points.
            if (jwt instanceof PlainJWT) {
                throw new InvalidTokenException("the token is not signed (alg \"none\"); this server accepts only "
                        + "tokens signed by its authorization server");
            }
            if (jwt instanceof EncryptedJWT) {
                throw new InvalidTokenException("the token is encrypted (JWE); this server accepts only signed, "
                        + "unencrypted tokens");
            }
            claims = processor.process(jwt, null);
        } catch (java.text.ParseException e) {
            throw new InvalidTokenException("the token is not a JWT");
        } catch (BadJOSEException e) {
            throw new InvalidTokenException(describe(e.getMessage()), e);
        } catch (JOSEException e) {
            // The keys could not be fetched or used: not the token's fault, but it cannot be accepted either.
            throw new InvalidTokenException("the token's signature cannot be checked now (keys at " + jwks
                    + " unavailable)", e);
        }
        Object clientId = claims.getClaim("client_id") != null ? claims.getClaim("client_id") : claims.getClaim("azp");
        return new Identity(claims.getSubject(), clientId instanceof String s ? s : null, scopes(claims),
                claims.toJSONObject());
    }

    /** RFC 9068 {@code scope} (space-separated), or the {@code scp} some servers send (a list or a string). */
    private static Set<String> scopes(JWTClaimsSet claims) {
        var scopes = new LinkedHashSet<String>();
        for (String name : List.of("scope", "scp")) {
            Object value = claims.getClaim(name);
            if (value instanceof String s) {
                for (String scope : s.trim().split("\\s+")) if (!scope.isEmpty()) scopes.add(scope);
            } else if (value instanceof Collection<?> list) {
                for (Object scope : list) scopes.add(String.valueOf(scope));
            }
        }
        return scopes;
    }

    private static String describe(String message) {
        if (message == null) return "the token is not valid";
        if (message.startsWith("Expired JWT")) return "the token has expired";
        if (message.contains("audience rejected") || message.contains("aud claim")) return "the token is not meant for this server (audience)";
        if (message.contains("iss claim")) return "the token was issued by another authorization server";
        if (message.contains("no matching key") || message.contains("Invalid signature")) {
            return "the token's signature is not valid for this server's authorization server";
        }
        if (message.contains("before use time")) return "the token is not valid yet";
        return "the token is not valid: " + message;
    }
}
