package dev.jmcp.client.auth;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds who authorizes an MCP server: its protected resource metadata (RFC 9728: from the challenge's
 * {@code resource_metadata}, else the well-known URLs, path first), then its authorization server's metadata
 * (RFC 8414 and OpenID Connect discovery, in the order MCP gives). A server with neither (2025-03-26) is its own
 * authorization server at the default endpoints. Stateless; thread-safe.
 */
final class Discovery {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Discovery() {
    }

    /** What the flow needs: the issuer, its metadata, the {@code resource} to ask tokens for, the scope to ask. */
    record Found(String issuer, Map<String, Object> serverMetadata, String resource, String defaultScope) {
    }

    static Found find(HttpClient http, URI server, String resourceMetadataUrl) throws IOException, InterruptedException {
        String canonical = canonical(server);
        Map<String, Object> prm = null;
        var candidates = new ArrayList<URI>();
        if (resourceMetadataUrl != null) candidates.add(server.resolve(resourceMetadataUrl));
        String path = pathOf(server);
        if (!path.isEmpty()) candidates.add(URI.create(origin(server) + "/.well-known/oauth-protected-resource" + path));
        candidates.add(URI.create(origin(server) + "/.well-known/oauth-protected-resource"));
        for (URI candidate : candidates) {
            prm = get(http, candidate);
            if (prm != null) break;
        }
        if (prm == null) {
            // 2025-03-26: no protected resource metadata; the server's origin is the authorization server.
            String issuer = origin(server);
            Map<String, Object> as = authorizationServer(http, issuer);
            if (as == null) {
                as = new LinkedHashMap<>();
                as.put("issuer", issuer);
                as.put("authorization_endpoint", issuer + "/authorize");
                as.put("token_endpoint", issuer + "/token");
                as.put("registration_endpoint", issuer + "/register");
            }
            return new Found(issuer, as, canonical, null);
        }
        String resource = prm.get("resource") instanceof String r ? r : canonical;
        // RFC 9728: the resource metadata must be about the server the client is talking to.
        if (!canonical.startsWith(stripSlash(resource))) {
            throw new IOException("The protected resource metadata is for " + resource + ", not " + canonical
                    + "; refusing to send credentials for it");
        }
        List<String> servers = OAuth.strings(prm.get("authorization_servers"));
        if (servers.isEmpty()) throw new IOException("The protected resource metadata of " + canonical + " names no authorization server");
        String issuer = servers.getFirst();
        Map<String, Object> as = authorizationServer(http, issuer);
        if (as == null) throw new IOException("No authorization server metadata found for " + issuer);
        // RFC 8414: "The issuer value returned MUST be identical to the authorization server's issuer identifier".
        if (!(as.get("issuer") instanceof String named) || !sameIssuer(named, issuer)) {
            throw new IOException("The authorization server metadata names issuer " + as.get("issuer") + ", not " + issuer);
        }
        List<String> scopes = OAuth.strings(prm.get("scopes_supported"));
        return new Found(issuer, as, resource, scopes.isEmpty() ? null : String.join(" ", scopes));
    }

    private static Map<String, Object> authorizationServer(HttpClient http, String issuer)
            throws IOException, InterruptedException {
        URI uri = URI.create(issuer);
        String path = pathOf(uri);
        String origin = origin(uri);
        List<String> urls = path.isEmpty()
                ? List.of(origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration")
                : List.of(origin + "/.well-known/oauth-authorization-server" + path,
                        origin + "/.well-known/openid-configuration" + path,
                        origin + path + "/.well-known/openid-configuration");
        for (String url : urls) {
            Map<String, Object> found = get(http, URI.create(url));
            if (found != null) return found;
        }
        return null;
    }

    private static Map<String, Object> get(HttpClient http, URI uri) throws IOException, InterruptedException {
        HttpResponse<byte[]> response;
        try {
            response = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", "application/json").GET()
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            return null;
        }
        if (response.statusCode() != 200) return null;
        try {
            return OAuth.json(response.body(), uri.toString());
        } catch (IOException e) {
            return null;
        }
    }

    static boolean sameIssuer(String a, String b) {
        return stripSlash(a).equals(stripSlash(b));
    }

    /** The server's URL as a resource indicator: no fragment, no query, lower-case scheme and host. */
    static String canonical(URI server) {
        String path = server.getRawPath() == null ? "" : server.getRawPath();
        return origin(server) + path;
    }

    private static String origin(URI uri) {
        return uri.getScheme().toLowerCase() + "://" + uri.getHost().toLowerCase() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    private static String pathOf(URI uri) {
        String path = uri.getRawPath();
        return path == null || path.equals("/") ? "" : stripSlash(path);
    }

    private static String stripSlash(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
