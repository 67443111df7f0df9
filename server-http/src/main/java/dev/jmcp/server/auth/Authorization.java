package dev.jmcp.server.auth;

import dev.jmcp.plugin.Identity;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.http.routes.McpGuard;
import dev.jmcp.server.http.routes.Routes;
import dev.jmcp.server.logs.RepeatedLines;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.session.ServedMethod;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The server as an OAuth 2.1 resource server: every request to an MCP endpoint must carry a credential its
 * {@link TokenVerifier} accepts (a bearer token, or an API key in {@code X-API-Key}) that grants every required scope;
 * otherwise it gets 401 (no or a bad credential) or 403 (too few scopes) with the {@code WWW-Authenticate} challenge
 * the MCP authorization specification gives, pointing at the protected resource metadata (RFC 9728), which this
 * serves too. A tool, prompt or resource may need scopes of its own: a call of it whose token lacks one gets 403
 * {@code insufficient_scope} naming every scope it needs, so the client can step up. Immutable; {@link #install} it on
 * a transport before the transport starts.
 *
 * @param resource             this server's canonical URI, the audience tokens must be for (RFC 8707)
 * @param authorizationServers the issuers clients get tokens from, as the metadata document lists them
 * @param requiredScopes       scopes every request's credential must grant
 * @param verifier             what checks a presented credential
 * @param itemScopes           scopes a call of one item needs besides, by {@code tool:NAME}, {@code prompt:NAME} or
 *                             {@code resource:URI} (a URI ending in {@code *} covers every URI it starts)
 */
public record Authorization(URI resource, List<URI> authorizationServers, Set<String> requiredScopes,
                            TokenVerifier verifier, Map<String, Set<String>> itemScopes) {
    private static final Logger log = LoggerFactory.getLogger(Authorization.class);
    /** The logger of refused requests: the audit trail of who was turned away. */
    public static final String AUDIT = "jmcp.audit";
    private static final Logger audit = LoggerFactory.getLogger(AUDIT);
    /** A client repeating one refused request (a bad token in a loop) makes one line a minute and a count. */
    private static final RepeatedLines auditLines = new RepeatedLines(audit);
    static final String METADATA_PATH = "/.well-known/oauth-protected-resource";
    /** DPoP proofs of every request; one for the process, so a proof cannot be replayed anywhere here. */
    private static final DpopVerifier DPOP = new DpopVerifier(java.time.Clock.systemUTC());
    private static final String DPOP_ALGS = String.join(" ", DpopVerifier.ALGORITHMS.stream().map(Object::toString)
            .toList());

    public Authorization {
        authorizationServers = List.copyOf(authorizationServers);
        requiredScopes = Set.copyOf(new TreeSet<>(requiredScopes));
        var items = new LinkedHashMap<String, Set<String>>();
        if (itemScopes != null) {
            itemScopes.forEach((item, scopes) -> {
                if (!item.matches("(tool|prompt|resource):.+")) {
                    throw new IllegalArgumentException("'" + item + "' names no item: write tool:NAME, prompt:NAME or "
                            + "resource:URI");
                }
                items.put(item, Set.copyOf(new TreeSet<>(scopes)));
            });
        }
        itemScopes = java.util.Collections.unmodifiableMap(items);
    }

    /** Scopes for every request alike, none per item. */
    public Authorization(URI resource, List<URI> authorizationServers, Set<String> requiredScopes,
                         TokenVerifier verifier) {
        this(resource, authorizationServers, requiredScopes, verifier, Map.of());
    }

    /** Guards the transport's MCP endpoints and serves the metadata document at its well-known paths. */
    public void install(HttpTransport transport) {
        Handler metadata = new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "max-age=300");
                response.write(true, ByteBuffer.wrap(metadataDocument()), callback);
                return true;
            }
        };
        Routes routes = Routes.of(transport);
        routes.route(METADATA_PATH, metadata);
        String path = resource.getRawPath();
        if (path != null && !path.isEmpty() && !path.equals("/")) routes.route(METADATA_PATH + path, metadata);
        routes.guard(this::admit);
        if (!itemScopes.isEmpty()) routes.callGuard(this::admitCall);
    }

    /**
     * The scopes a call of {@code method} with {@code params} needs of its own: those of the item its target is, when
     * its row says it is {@linkplain ServedMethod.Trait#SCOPED_PER_ITEM scoped per item}; none for most calls. A
     * {@code calledTool} other than the tool the params name (tool search's {@code call_tool} runs the tool it names,
     * as the engine resolves it) needs its own scopes as well.
     */
    Set<String> scopesFor(ServedMethod method, Map<String, Object> params, String calledTool) {
        if (method == null || !method.is(ServedMethod.Trait.SCOPED_PER_ITEM)) return Set.of();
        String named = method.target().in(params);
        if (named == null) return Set.of();
        var needed = new TreeSet<String>();
        addScopes(method.target().noun() + ":" + named, needed);
        if (calledTool != null && !calledTool.equals(named)) addScopes(Target.TOOL.noun() + ":" + calledTool, needed);
        return needed;
    }

    private void addScopes(String item, Set<String> needed) {
        itemScopes.forEach((pattern, scopes) -> {
            if (pattern.equals(item) || pattern.startsWith("resource:") && pattern.endsWith("*")
                    && item.startsWith(pattern.substring(0, pattern.length() - 1))) {
                needed.addAll(scopes);
            }
        });
    }

    private boolean admitCall(Request request, Response response, Callback callback, ServedMethod method,
                              Map<String, Object> params, String calledTool) {
        Set<String> needed = scopesFor(method, params, calledTool);
        if (needed.isEmpty()) return true;
        Identity identity = McpGuard.identityOf(request);
        Set<String> granted = identity == null ? Set.of() : identity.scopes();
        var missing = new TreeSet<>(needed);
        missing.removeAll(granted);
        if (missing.isEmpty()) return true;
        // "scope": everything this call needs, so the token the client steps up to serves it whole.
        var asked = new TreeSet<>(requiredScopes);
        asked.addAll(needed);
        Target target = method.target();
        String what = target == Target.RESOURCE ? "resource " + target.in(params)
                : target.noun() + " '" + target.in(params) + "'";
        return refuse(request, response, callback, 403, "insufficient_scope", "the token lacks the scope"
                + (missing.size() > 1 ? "s " : " ") + String.join(" ", missing) + ", which " + what + " needs", asked);
    }

    /** Where clients find the metadata document: RFC 9728's well-known URI with the resource's path appended. */
    public URI metadataUrl() {
        String path = resource.getRawPath() == null || resource.getRawPath().equals("/") ? "" : resource.getRawPath();
        return URI.create(resource.getScheme() + "://" + resource.getRawAuthority() + METADATA_PATH + path);
    }

    byte[] metadataDocument() {
        var document = new LinkedHashMap<String, Object>();
        document.put("resource", resource.toString());
        document.put("authorization_servers", authorizationServers.stream().map(URI::toString).toList());
        if (!requiredScopes.isEmpty()) document.put("scopes_supported", List.copyOf(requiredScopes));
        document.put("bearer_methods_supported", List.of("header"));
        // Tokens bound to a key (RFC 9449) are accepted with their proofs, as the authorization server may issue them.
        if (!authorizationServers.isEmpty()) {
            document.put("dpop_signing_alg_values_supported", DpopVerifier.ALGORITHMS.stream().map(Object::toString)
                    .toList());
        }
        document.put("resource_name", "jmcp");
        return JsonCodec.shared().writeValueAsString(document).getBytes(StandardCharsets.UTF_8);
    }

    private boolean admit(Request request, Response response, Callback callback) {
        List<String> authorization = request.getHeaders().getValuesList(HttpHeader.AUTHORIZATION);
        String apiKey = request.getHeaders().get("X-API-Key");
        if (authorization.size() > 1) {
            return refuse(request, response, callback, 400, "invalid_request", "more than one Authorization header");
        }
        String token = null;
        boolean dpop = false;
        if (!authorization.isEmpty()) {
            String value = authorization.getFirst().strip();
            dpop = value.regionMatches(true, 0, "DPoP ", 0, 5) && value.length() > 5;
            if (!dpop && (!value.regionMatches(true, 0, "Bearer ", 0, 7) || value.length() <= 7)) {
                return refuse(request, response, callback, 401, "invalid_request",
                        "the Authorization header must be 'Bearer <token>' or 'DPoP <token>'");
            }
            token = value.substring(dpop ? 5 : 7).strip();
        } else if (apiKey != null && !apiKey.isBlank()) {
            token = apiKey.strip();
        }
        if (token == null) return refuse(request, response, callback, 401, null, null);
        Identity identity;
        try {
            identity = verifier.verify(token);
        } catch (InvalidTokenException e) {
            log.debug("refused a token: {}", e.getMessage());
            return refuse(request, response, callback, 401, "invalid_token", e.getMessage());
        }
        String boundTo = boundKey(identity);
        if (dpop) {
            List<String> proofs = request.getHeaders().getValuesList("DPoP");
            if (proofs.size() != 1) {
                return refuseProof(request, response, callback, "a DPoP token needs exactly one DPoP proof header, "
                        + "not " + proofs.size());
            }
            if (boundTo == null) {
                return refuse(request, response, callback, 401, "invalid_token", "the token is not bound to a key; "
                        + "present it as 'Bearer <token>'");
            }
            try {
                DPOP.check(proofs.getFirst(), request.getMethod(), request.getHttpURI().toURI(), token, boundTo);
            } catch (InvalidTokenException e) {
                log.debug("refused a DPoP proof: {}", e.getMessage());
                return refuseProof(request, response, callback, e.getMessage());
            }
        } else if (boundTo != null) {
            // RFC 9449 7.2: a key-bound token presented as a bearer token is not accepted.
            return refuse(request, response, callback, 401, "invalid_token", "the token is bound to a key (DPoP); "
                    + "present it as 'DPoP <token>' with a DPoP proof");
        }
        var missing = new TreeSet<>(requiredScopes);
        missing.removeAll(identity.scopes());
        if (!missing.isEmpty()) {
            McpGuard.identify(request, identity); // for the audit line only: the request goes no further
            return refuse(request, response, callback, 403, "insufficient_scope",
                    "the token lacks the scope" + (missing.size() > 1 ? "s " : " ") + String.join(" ", missing));
        }
        McpGuard.identify(request, identity);
        return true;
    }

    /** The thumbprint of the key a token is bound to ({@code cnf.jkt}, RFC 9449), or null for a bearer token. */
    private static String boundKey(Identity identity) {
        return identity.claims() != null && identity.claims().get("cnf") instanceof Map<?, ?> cnf
                && cnf.get("jkt") instanceof String jkt ? jkt : null;
    }

    /** 401 for a DPoP proof that does not hold, with RFC 9449's {@code DPoP} challenge carrying the error. */
    private boolean refuseProof(Request request, Response response, Callback callback, String description) {
        response.getHeaders().add(HttpHeader.WWW_AUTHENTICATE, "DPoP algs=\"" + DPOP_ALGS
                + "\", error=\"invalid_dpop_proof\", error_description=\"" + quoted(description) + "\"");
        return refuse(request, response, callback, 401, null, "invalid DPoP proof: " + description, requiredScopes,
                false);
    }

    /**
     * Answers {@code status} with the challenge: {@code resource_metadata} always, {@code scope} (what to ask for),
     * and RFC 6750's {@code error} and {@code error_description} when a credential was presented.
     */
    private boolean refuse(Request request, Response response, Callback callback, int status, String error,
                           String description) {
        return refuse(request, response, callback, status, error, description, requiredScopes);
    }

    private boolean refuse(Request request, Response response, Callback callback, int status, String error,
                           String description, Set<String> scopes) {
        return refuse(request, response, callback, status, error, description, scopes, true);
    }

    private boolean refuse(Request request, Response response, Callback callback, int status, String error,
                           String description, Set<String> scopes, boolean describeInChallenge) {
        var challenge = new StringBuilder("Bearer resource_metadata=\"").append(metadataUrl()).append('"');
        if (!scopes.isEmpty()) challenge.append(", scope=\"").append(String.join(" ", scopes)).append('"');
        if (error != null) challenge.append(", error=\"").append(error).append('"');
        if (description != null && describeInChallenge) {
            challenge.append(", error_description=\"").append(quoted(description)).append('"');
        }
        // The Bearer challenge first: clients that read one challenge read that one.
        var others = response.getHeaders().getValuesList(HttpHeader.WWW_AUTHENTICATE);
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, challenge.toString());
        for (String other : others) response.getHeaders().add(HttpHeader.WWW_AUTHENTICATE, other);
        String message = switch (status) {
            case 401 -> "Unauthorized: " + (description == null
                    ? "this server requires authorization; get a token from " + authorizationServers.stream()
                    .map(URI::toString).findFirst().orElse("its authorization server") + " (see " + metadataUrl() + ")"
                    : description);
            case 403 -> "Forbidden: " + description;
            default -> "Bad request: " + description;
        };
        audit(request, status, error, description);
        // A refusal as a guard leaves the body unread: the router marks this answer Connection: close (see the
        // transport's ErrorReplies); one made per call, the body read, keeps the connection.
        var body = new LinkedHashMap<String, Object>();
        body.put("jsonrpc", "2.0");
        body.put("id", null);
        body.put("error", java.util.Map.of("code", -32001, "message", message));
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(JsonCodec.shared().writeValueAsString(body)
                .getBytes(StandardCharsets.UTF_8)), callback);
        return false;
    }

    /**
     * One line per refused request on the logger {@value #AUDIT}, in logfmt: the status, what was asked, the client's
     * address, who the credential says it is (when it was valid: a 403), and why; never the credential. A request with
     * no credential at all (how every OAuth client starts) at INFO, a refused credential at WARN. The same line again
     * (same status, request, address, caller and reason) is counted rather than repeated: see {@link RepeatedLines}.
     */
    private static void audit(Request request, int status, String error, String description) {
        if (status != 401 && status != 403) return;
        boolean presented = error != null || description != null;
        if (presented ? !audit.isWarnEnabled() : !audit.isInfoEnabled()) return;
        Identity identity = McpGuard.identityOf(request);
        var line = new StringBuilder(160).append("refused status=").append(status)
                .append(" method=").append(request.getMethod())
                .append(" path=").append(logfmt(request.getHttpURI().getPath()))
                .append(" address=").append(logfmt(Request.getRemoteAddr(request)));
        if (identity != null && identity.subject() != null) line.append(" caller=").append(logfmt(identity.subject()));
        if (error != null) line.append(" error=").append(error);
        line.append(" reason=").append(logfmt(description == null ? "no credential" : description));
        if (presented) auditLines.warn(line.toString());
        else auditLines.info(line.toString());
    }

    private static String logfmt(String text) {
        if (text == null) return "-";
        if (!text.isEmpty() && text.chars().allMatch(c -> c > ' ' && c < 127 && c != '"' && c != '=' && c != '\\')) {
            return text;
        }
        String shortened = text.length() > 200 ? text.substring(0, 200) + "…" : text;
        return '"' + shortened.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }

    /** A quoted-string value: no double quotes or backslashes inside (RFC 7235). */
    private static String quoted(String text) {
        return text.replace("\\", "/").replace("\"", "'");
    }
}
