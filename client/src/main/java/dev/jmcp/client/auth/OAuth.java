package dev.jmcp.client.auth;

import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Authorization of one client for the MCP servers it talks to over HTTP (MCP's authorization: OAuth 2.1 with
 * protected resource metadata). Given to {@code McpClientBuilder.authorization}; the transport asks it for the
 * {@code Authorization} header of each request and hands it every 401/403 challenge. On a challenge it discovers the
 * protected resource metadata and the authorization server, registers the client (pre-registered credentials, a
 * client ID metadata document, or dynamic registration), runs the authorization code flow with PKCE through the
 * {@link AuthorizationCallback}, and keeps the tokens in the {@link TokenStore}; an expired token is refreshed first.
 *
 * <p>Thread-safe: one flow at a time (requests waiting for it block). Failures are {@link IOException}s naming what
 * went wrong (discovery, registration, the callback, the token endpoint).
 */
public final class OAuth {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final System.Logger LOG = System.getLogger(OAuth.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI redirectUri;
    private final AuthorizationCallback callback;
    private final TokenStore store;
    private final String clientName;
    private final String clientMetadataUrl;
    private final String preRegisteredId;
    private final String preRegisteredSecret;
    private final boolean machine;
    private final PrivateKey signingKey;
    private final java.util.function.Supplier<String> assertion;
    private final Enterprise enterprise;
    private final boolean authorizeOnChallenge;
    /** The signing and PEM provider ({@code jmcp-client-jose}), or null: then no DPoP and no private_key_jwt. */
    private final Jose jose;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private volatile Registration registration;
    /** Set once an authorization server advertises DPoP and there is a {@link Jose}: tokens are bound to this key. */
    private volatile DpopProofs dpop;
    /** Whether the log said once that DPoP is offered but not used (set under the lock of {@link #challenged}). */
    private boolean toldNoDpop;
    private volatile String serverNonce;
    private volatile String authorizationServerNonce;

    private OAuth(Builder b) {
        this.redirectUri = b.redirectUri;
        this.callback = b.callback;
        this.store = b.store;
        this.clientName = b.clientName;
        this.clientMetadataUrl = b.clientMetadataUrl;
        this.preRegisteredId = b.clientId;
        this.preRegisteredSecret = b.clientSecret;
        this.machine = b.machine;
        this.signingKey = b.signingKey;
        this.assertion = b.assertion;
        this.enterprise = b.enterprise;
        this.authorizeOnChallenge = b.authorizeOnChallenge;
        this.jose = signingKey != null ? installed("signing a private_key_jwt client assertion")
                : Jose.installed().orElse(null);
    }

    /** {@code redirectUri} is where the authorization server sends the browser back; {@code callback} gets it there. */
    public static Builder builder(URI redirectUri, AuthorizationCallback callback) {
        return new Builder(Objects.requireNonNull(redirectUri, "redirectUri"), Objects.requireNonNull(callback, "callback"));
    }

    /**
     * A machine with no person at hand: the client credentials grant with a secret registered beforehand (sent with
     * HTTP Basic, or in the body where the server allows only that).
     */
    public static Builder clientCredentials(String clientId, String clientSecret) {
        var builder = new Builder(null, null);
        builder.preRegistered(clientId, Objects.requireNonNull(clientSecret, "clientSecret"));
        builder.machine = true;
        return builder;
    }

    /**
     * A machine authenticating with a signed JWT ({@code private_key_jwt}): {@code key} is EC on P-256, P-384 or P-521
     * (ES256, ES384, ES512) or RSA of 2048 bits or more (RS256).
     *
     * @throws IllegalStateException the {@link Jose} provider, {@code dev.jmcp:jmcp-client-jose}, that signs the JWT
     *                               is not on the class or module path
     */
    public static Builder clientCredentials(String clientId, PrivateKey key) {
        installed("signing a private_key_jwt client assertion");
        var builder = new Builder(null, null);
        builder.preRegistered(clientId, null);
        builder.signingKey = Objects.requireNonNull(key, "key");
        builder.machine = true;
        return builder;
    }

    /**
     * A workload that proves who it is with a JWT from its platform (workload identity federation, RFC 7523's
     * JWT-bearer grant): {@code assertion} supplies a current token each time one is needed. A refused grant is an
     * error, never retried with another grant.
     */
    public static Builder jwtBearer(String clientId, java.util.function.Supplier<String> assertion) {
        var builder = new Builder(null, null);
        builder.preRegistered(clientId, null);
        builder.assertion = Objects.requireNonNull(assertion, "assertion");
        builder.machine = true;
        return builder;
    }

    /**
     * Enterprise-managed authorization: the user's ID token from the company's identity provider is exchanged there
     * (RFC 8693) for an identity assertion grant (ID-JAG) addressed to the MCP server's authorization server, which
     * then gives the access token for it (JWT-bearer grant), with this client's pre-registered credentials.
     */
    public static Builder enterprise(String clientId, String clientSecret, URI idpTokenEndpoint, String idpClientId,
                                     java.util.function.Supplier<String> idToken) {
        var builder = new Builder(null, null);
        builder.preRegistered(clientId, clientSecret);
        builder.enterprise = new Enterprise(Objects.requireNonNull(idpTokenEndpoint, "idpTokenEndpoint"), idpClientId,
                Objects.requireNonNull(idToken, "idToken"));
        builder.machine = true;
        return builder;
    }

    private record Enterprise(URI idpTokenEndpoint, String idpClientId, java.util.function.Supplier<String> idToken) {
    }

    /**
     * Reads a PEM private key for {@link #clientCredentials(String, PrivateKey)}: EC (P-256, P-384, P-521) or RSA (2048
     * bits or more), in PKCS#8 ({@code BEGIN PRIVATE KEY}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) or SEC1
     * ({@code BEGIN EC PRIVATE KEY}), unencrypted.
     *
     * @throws IOException           no such key in {@code pem}; the message says what was wrong
     * @throws IllegalStateException the {@link Jose} provider, {@code dev.jmcp:jmcp-client-jose}, that reads PEM is
     *                               not on the class or module path
     */
    public static PrivateKey privateKeyFromPem(String pem) throws IOException {
        return installed("reading a PEM private key").readPrivateKey(Objects.requireNonNull(pem, "pem"));
    }

    /** The installed {@link Jose}, or a failure telling what to add for {@code what}. */
    private static Jose installed(String what) {
        return Jose.installed().orElseThrow(() -> new IllegalStateException(what + " needs dev.jmcp:jmcp-client-jose"
                + " (module dev.jmcp.client.jose) on the class or module path beside jmcp-client"));
    }

    /** Options of {@link OAuth}. Not thread-safe. */
    public static final class Builder {
        private final URI redirectUri;
        private final AuthorizationCallback callback;
        private TokenStore store = TokenStore.inMemory();
        private String clientName = "jmcp-client";
        private String clientMetadataUrl;
        private String clientId;
        private String clientSecret;
        private boolean machine;
        private PrivateKey signingKey;
        private java.util.function.Supplier<String> assertion;
        private Enterprise enterprise;
        private boolean authorizeOnChallenge = true;

        private Builder(URI redirectUri, AuthorizationCallback callback) {
            this.redirectUri = redirectUri;
            this.callback = callback;
        }

        public Builder tokenStore(TokenStore store) {
            this.store = Objects.requireNonNull(store, "store");
            return this;
        }

        /** The name dynamic registration announces. */
        public Builder clientName(String name) {
            this.clientName = Objects.requireNonNull(name, "name");
            return this;
        }

        /** An HTTPS URL serving this client's metadata document, used as its client ID where the server allows. */
        public Builder clientMetadataUrl(String url) {
            this.clientMetadataUrl = Objects.requireNonNull(url, "url");
            return this;
        }

        /** Credentials registered beforehand with the authorization server ({@code secret} null for a public client). */
        public Builder preRegistered(String clientId, String secret) {
            this.clientId = Objects.requireNonNull(clientId, "clientId");
            this.clientSecret = secret;
            return this;
        }

        /**
         * Whether a challenge the stored tokens cannot answer (none stored, refused, not refreshable) starts a new
         * authorization — discovery, registration, the person's consent — (default true), or fails at once with an
         * {@link AuthorizationRequiredException} telling what the server said, registering nothing. An application
         * whose login is a step of its own (a CLI's {@code login} command) says false everywhere else.
         */
        public Builder authorizeOnChallenge(boolean authorize) {
            this.authorizeOnChallenge = authorize;
            return this;
        }

        public OAuth build() {
            return new OAuth(this);
        }
    }

    private record Registration(String issuer, String clientId, String clientSecret, String authMethod) {
    }

    /** The value of the {@code Authorization} header for {@code resource}, refreshing an expired token; or null. */
    public synchronized String authorizationHeader(URI resource) throws IOException, InterruptedException {
        Tokens tokens = store.load(key(resource));
        if (tokens == null) return null;
        if (tokens.expired(Instant.now()) && tokens.refreshToken() != null) {
            tokens = refresh(resource, tokens);
        }
        return tokens == null ? null : "Bearer " + tokens.accessToken();
    }

    /**
     * The headers one HTTP request to {@code resource} carries: {@code Authorization} ({@code Bearer}, or {@code DPoP}
     * with a fresh {@code DPoP} proof for a DPoP-bound token); empty before there is a token. Does no I/O.
     */
    public Map<String, String> requestHeaders(String method, URI resource) {
        Tokens tokens = store.load(key(resource));
        if (tokens == null) return Map.of();
        DpopProofs proofs = dpop;
        if (proofs == null) return Map.of("Authorization", "Bearer " + tokens.accessToken());
        return Map.of("Authorization", "DPoP " + tokens.accessToken(),
                "DPoP", proofs.proof(method, resource.toString(), tokens.accessToken(), serverNonce));
    }

    /**
     * Answers a 401 or 403 of {@code resource}: runs the flow the challenge asks for and keeps the new tokens.
     * {@code dpopNonce} is the response's {@code DPoP-Nonce} header, or null.
     *
     * @return true when there are new tokens (or a new DPoP nonce) worth a retry
     */
    public synchronized boolean challenged(URI resource, int status, String wwwAuthenticate, String dpopNonce)
            throws IOException, InterruptedException {
        Challenge challenge = Challenge.parse(wwwAuthenticate);
        if ("use_dpop_nonce".equals(challenge.error()) && dpopNonce != null && dpop != null) {
            // RFC 9449 §9: "the client ... retries the request with a DPoP proof containing the nonce".
            boolean fresh = !dpopNonce.equals(serverNonce);
            serverNonce = dpopNonce;
            return fresh;
        }
        if (status == 403 && !challenge.insufficientScope()) return false;
        Tokens old = store.load(key(resource));
        // An expired (or revoked) token is "invalid_token" (RFC 6750): the refresh token is tried before the person.
        if (status == 401 && old != null && old.refreshToken() != null
                && (challenge.error() == null || "invalid_token".equals(challenge.error()))) {
            if (refresh(resource, old) != null) return true;
        }
        if (!authorizeOnChallenge) {
            // Nothing is registered and nothing forgotten: the person decides whether to log in again.
            throw new AuthorizationRequiredException(status, challenge.error(), challenge.description(), old != null);
        }
        store.clear(key(resource));
        Discovery.Found found = Discovery.find(http, resource, challenge.resourceMetadata());
        // RFC 9449 §5.1: the server lists the algorithms it accepts for proofs; this client signs ES256.
        List<String> proofAlgorithms = strings(found.serverMetadata().get("dpop_signing_alg_values_supported"));
        if (dpop == null && proofAlgorithms.contains("ES256")) {
            if (jose != null) {
                dpop = new DpopProofs(jose);
            } else if (!toldNoDpop) {
                toldNoDpop = true;
                LOG.log(System.Logger.Level.INFO, "the authorization server of " + resource + " offers DPoP; without "
                        + "dev.jmcp:jmcp-client-jose this client asks for bearer tokens");
            }
        }
        String scope = challenge.scope() != null ? challenge.scope() : found.defaultScope();
        if (status == 403 && old != null && old.scope() != null && scope != null) scope = union(old.scope(), scope);
        Registration client = register(found);
        Tokens tokens = machine ? clientCredentialsGrant(found, client, scope) : authorizationCode(resource, found, client, scope);
        store.save(key(resource), tokens);
        return true;
    }

    private static String union(String a, String b) {
        var all = new java.util.LinkedHashSet<String>(List.of(a.split(" ")));
        all.addAll(List.of(b.split(" ")));
        return String.join(" ", all);
    }

    private static String key(URI resource) {
        return Discovery.canonical(resource);
    }

    private Registration register(Discovery.Found found) throws IOException, InterruptedException {
        Registration known = registration;
        if (known != null && known.issuer().equals(found.issuer())) return known;
        Registration kept = kept(found.issuer());
        if (kept != null && preRegisteredId == null) {
            registration = kept;
            return kept;
        }
        Map<String, Object> as = found.serverMetadata();
        Registration made;
        if (preRegisteredId != null) {
            made = new Registration(found.issuer(), preRegisteredId, preRegisteredSecret, signingKey != null
                    ? "private_key_jwt" : chooseAuthMethod(as, preRegisteredSecret != null ? null : "none"));
        } else if (clientMetadataUrl != null && Boolean.TRUE.equals(as.get("client_id_metadata_document_supported"))) {
            made = new Registration(found.issuer(), clientMetadataUrl, null, "none");
        } else if (as.get("registration_endpoint") instanceof String endpoint) {
            made = dynamicRegistration(found.issuer(), URI.create(endpoint), as);
            // Kept with the tokens, so the next login (and a later refresh) reuses it instead of registering again.
            store.saveRegistration(found.issuer(), new ClientRegistration(made.clientId(), made.clientSecret(),
                    made.authMethod(), redirectUri == null ? null : redirectUri.toString()));
        } else {
            throw new IOException("The authorization server " + found.issuer() + " offers no dynamic registration and "
                    + "this client has no pre-registered credentials");
        }
        registration = made;
        return made;
    }

    /** The dynamic registration kept for {@code issuer} with this redirect URI, or null. */
    private Registration kept(String issuer) {
        if (redirectUri == null) return null;
        ClientRegistration kept = store.loadRegistration(issuer);
        if (kept == null || !redirectUri.toString().equals(kept.redirectUri())) return null;
        return new Registration(issuer, kept.clientId(), kept.clientSecret(), kept.authMethod());
    }

    private static String chooseAuthMethod(Map<String, Object> as, String preferred) {
        if (preferred != null) return preferred;
        List<?> supported = as.get("token_endpoint_auth_methods_supported") instanceof List<?> l ? l : List.of();
        if (supported.isEmpty() || supported.contains("client_secret_basic")) return "client_secret_basic";
        if (supported.contains("client_secret_post")) return "client_secret_post";
        return "none";
    }

    private Registration dynamicRegistration(String issuer, URI endpoint, Map<String, Object> as)
            throws IOException, InterruptedException {
        var request = new LinkedHashMap<String, Object>();
        request.put("client_name", clientName);
        request.put("redirect_uris", List.of(redirectUri.toString()));
        request.put("grant_types", List.of("authorization_code", "refresh_token"));
        request.put("response_types", List.of("code"));
        // SEP-837: a client redirecting to a loopback address is a native application; anything else is a web one.
        String host = redirectUri.getHost() == null ? "" : redirectUri.getHost();
        boolean loopback = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]")
                || !"https".equalsIgnoreCase(redirectUri.getScheme());
        request.put("application_type", loopback ? "native" : "web");
        List<?> supported = as.get("token_endpoint_auth_methods_supported") instanceof List<?> l ? l : List.of();
        if (!supported.isEmpty() && !supported.contains("client_secret_basic") && supported.contains("none")
                && !supported.contains("client_secret_post")) {
            request.put("token_endpoint_auth_method", "none");
        }
        Map<String, Object> answer = postJson(endpoint, request);
        if (!(answer.get("client_id") instanceof String id)) {
            throw new IOException("Dynamic registration at " + endpoint + " returned no client_id");
        }
        String secret = answer.get("client_secret") instanceof String s ? s : null;
        String method = answer.get("token_endpoint_auth_method") instanceof String m ? m
                : secret == null ? "none" : chooseAuthMethod(as, null);
        return new Registration(issuer, id, secret, method);
    }

    private Tokens authorizationCode(URI resource, Discovery.Found found, Registration client, String scope)
            throws IOException, InterruptedException {
        Map<String, Object> as = found.serverMetadata();
        if (!(as.get("authorization_endpoint") instanceof String authorizationEndpoint)) {
            throw new IOException("The authorization server " + found.issuer() + " names no authorization_endpoint");
        }
        String verifier = randomToken(32);
        String state = randomToken(16);
        var query = new LinkedHashMap<String, String>();
        query.put("response_type", "code");
        query.put("client_id", client.clientId());
        query.put("redirect_uri", redirectUri.toString());
        query.put("code_challenge", challengeOf(verifier));
        query.put("code_challenge_method", "S256");
        query.put("state", state);
        if (scope != null && !scope.isBlank()) query.put("scope", scope);
        query.put("resource", found.resource());
        URI authorize = URI.create(authorizationEndpoint + (authorizationEndpoint.contains("?") ? "&" : "?") + form(query));
        URI back = callback.authorize(authorize);
        Map<String, String> answer = parseQuery(back.getRawQuery());
        if (answer.get("error") != null) {
            throw new IOException("The authorization server refused: " + answer.get("error")
                    + (answer.get("error_description") == null ? "" : " (" + answer.get("error_description") + ")"));
        }
        if (!state.equals(answer.get("state"))) throw new IOException("The authorization response's state does not match");
        checkIssuer(as, found.issuer(), answer.get("iss"));
        String code = answer.get("code");
        if (code == null) throw new IOException("The authorization response carries no code");
        var body = new LinkedHashMap<String, String>();
        body.put("grant_type", "authorization_code");
        body.put("code", code);
        body.put("redirect_uri", redirectUri.toString());
        body.put("code_verifier", verifier);
        body.put("resource", found.resource());
        return token(as, client, body, found.issuer(), scope);
    }

    private Tokens clientCredentialsGrant(Discovery.Found found, Registration client, String scope)
            throws IOException, InterruptedException {
        var body = new LinkedHashMap<String, String>();
        if (assertion != null || enterprise != null) {
            body.put("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer");
            body.put("assertion", enterprise != null ? identityAssertion(found)
                    : Objects.requireNonNull(assertion.get(), "the workload assertion supplier gave null"));
        } else {
            body.put("grant_type", "client_credentials");
        }
        if (scope != null && !scope.isBlank()) body.put("scope", scope);
        body.put("resource", found.resource());
        return token(found.serverMetadata(), client, body, found.issuer(), scope);
    }

    /** Exchanges the ID token at the identity provider for an ID-JAG for this authorization server and resource. */
    private String identityAssertion(Discovery.Found found) throws IOException, InterruptedException {
        var form = new LinkedHashMap<String, String>();
        form.put("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange");
        form.put("requested_token_type", "urn:ietf:params:oauth:token-type:id-jag");
        form.put("subject_token", Objects.requireNonNull(enterprise.idToken().get(), "the ID token supplier gave null"));
        form.put("subject_token_type", "urn:ietf:params:oauth:token-type:id_token");
        form.put("audience", found.issuer());
        form.put("resource", found.resource());
        if (enterprise.idpClientId() != null) form.put("client_id", enterprise.idpClientId());
        var response = http.send(HttpRequest.newBuilder(enterprise.idpTokenEndpoint()).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(form(form))).build(), HttpResponse.BodyHandlers.ofByteArray());
        Map<String, Object> answer = json(response.body(), enterprise.idpTokenEndpoint().toString());
        if (response.statusCode() != 200 || !(answer.get("access_token") instanceof String jag)) {
            throw new IOException("The identity provider " + enterprise.idpTokenEndpoint() + " refused the token exchange"
                    + " (HTTP " + response.statusCode() + "): " + answer.getOrDefault("error", "no access_token"));
        }
        return jag;
    }

    /** RFC 9207: "clients MUST ... compare the iss parameter value to the issuer" when the server says it sends it. */
    private static void checkIssuer(Map<String, Object> as, String issuer, String iss) throws IOException {
        boolean advertised = Boolean.TRUE.equals(as.get("authorization_response_iss_parameter_supported"));
        if (iss == null) {
            if (advertised) throw new IOException("The authorization response lacks the iss parameter its server promised");
            return;
        }
        // Compared as strings, without normalization: a trailing slash or a case change is another issuer.
        if (!iss.equals(as.get("issuer") instanceof String named ? named : issuer)) {
            throw new IOException("The authorization response came from issuer " + iss + ", not " + issuer);
        }
    }

    private Tokens refresh(URI resource, Tokens tokens) throws IOException, InterruptedException {
        Registration client = registration;
        if (client == null && (preRegisteredId != null || tokens.issuer() == null)) return null;
        try {
            Discovery.Found found = Discovery.find(http, resource, null);
            if (client == null) client = kept(found.issuer());
            if (client == null) return null;
            var body = new LinkedHashMap<String, String>();
            body.put("grant_type", "refresh_token");
            body.put("refresh_token", tokens.refreshToken());
            body.put("resource", found.resource());
            Tokens fresh = token(found.serverMetadata(), client, body, found.issuer(), tokens.scope());
            if (fresh.refreshToken() == null) {
                fresh = new Tokens(fresh.accessToken(), tokens.refreshToken(), fresh.expiresAt(), fresh.scope(), fresh.issuer());
            }
            store.save(key(resource), fresh);
            return fresh;
        } catch (IOException e) {
            // The person (or the machine's credentials) will be asked again: say why the refresh token did not do.
            LOG.log(System.Logger.Level.INFO, "could not refresh the token for " + resource + " (" + e.getMessage()
                    + "); authorizing again");
            store.clear(key(resource));
            return null;
        }
    }

    private Tokens token(Map<String, Object> as, Registration client, Map<String, String> body, String issuer,
                         String scope) throws IOException, InterruptedException {
        if (!(as.get("token_endpoint") instanceof String endpoint)) {
            throw new IOException("The authorization server " + issuer + " names no token_endpoint");
        }
        var request = HttpRequest.newBuilder(URI.create(endpoint)).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json");
        var form = new LinkedHashMap<>(body);
        switch (client.authMethod()) {
            case "client_secret_basic" -> request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (urlEncode(client.clientId()) + ":" + urlEncode(client.clientSecret())).getBytes(StandardCharsets.UTF_8)));
            case "client_secret_post" -> {
                form.put("client_id", client.clientId());
                form.put("client_secret", client.clientSecret());
            }
            case "private_key_jwt" -> {
                form.put("client_id", client.clientId());
                form.put("client_assertion_type", ClientAssertion.TYPE);
                try {
                    form.put("client_assertion", ClientAssertion.sign(jose, client.clientId(), signingKey, issuer));
                } catch (java.security.GeneralSecurityException e) {
                    throw new IOException("Could not sign the client assertion: " + e.getMessage(), e);
                }
            }
            default -> form.put("client_id", client.clientId());
        }
        HttpRequest built = request.POST(HttpRequest.BodyPublishers.ofString(form(form))).build();
        var response = http.send(withProof(built, endpoint), HttpResponse.BodyHandlers.ofByteArray());
        Map<String, Object> answer = json(response.body(), endpoint);
        String nonce = response.headers().firstValue("DPoP-Nonce").orElse(null);
        if (dpop != null && response.statusCode() == 400 && "use_dpop_nonce".equals(answer.get("error")) && nonce != null) {
            authorizationServerNonce = nonce;
            response = http.send(withProof(built, endpoint), HttpResponse.BodyHandlers.ofByteArray());
            answer = json(response.body(), endpoint);
        }
        if (response.statusCode() != 200 || !(answer.get("access_token") instanceof String access)) {
            throw new IOException("The token endpoint " + endpoint + " answered HTTP " + response.statusCode() + ": "
                    + answer.getOrDefault("error", "no access_token"));
        }
        Instant expires = answer.get("expires_in") instanceof Number n ? Instant.now().plusSeconds(n.longValue()) : null;
        return new Tokens(access, answer.get("refresh_token") instanceof String r ? r : null, expires,
                answer.get("scope") instanceof String s ? s : scope, issuer);
    }

    /** The token request with a DPoP proof when tokens are DPoP-bound; as it is otherwise. */
    private HttpRequest withProof(HttpRequest request, String endpoint) {
        DpopProofs proofs = dpop;
        if (proofs == null) return request;
        return HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase("DPoP"))
                .header("DPoP", proofs.proof("POST", endpoint, null, authorizationServerNonce)).build();
    }

    private Map<String, Object> postJson(URI endpoint, Map<String, Object> body) throws IOException, InterruptedException {
        var response = http.send(HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(CODEC.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(endpoint + " answered HTTP " + response.statusCode());
        }
        return json(response.body(), endpoint.toString());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(byte[] body, String from) throws IOException {
        try {
            return CODEC.parse(body) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        } catch (RuntimeException e) {
            throw new IOException(from + " answered something that is not a JSON object", e);
        }
    }

    private static String randomToken(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static String challengeOf(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static String urlEncode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String form(Map<String, String> values) {
        return values.entrySet().stream().map(e -> urlEncode(e.getKey()) + "=" + urlEncode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    private static Map<String, String> parseQuery(String query) {
        var values = new LinkedHashMap<String, String>();
        if (query == null) return values;
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String k = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            values.putIfAbsent(k, v);
        }
        return values;
    }

    static List<String> strings(Object value) {
        var out = new ArrayList<String>();
        if (value instanceof List<?> list) for (Object o : list) out.add(String.valueOf(o));
        return out;
    }
}
