package dev.jmcp.cli.serve;

import dev.jmcp.server.auth.ApiKeys;
import dev.jmcp.server.auth.Authorization;
import dev.jmcp.server.auth.JwtVerifier;
import dev.jmcp.server.auth.TokenVerifier;
import dev.jmcp.server.http.HttpOptions;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The options of {@code jmcp serve} that turn on authorization over HTTP: OAuth bearer tokens from an authorization
 * server, static API keys, or both. Declared, with their help, in {@link ServeCommandLine}, which sets these fields.
 */
public final class AuthOptions {
    URI issuer;
    URI jwks;
    URI audience;
    List<String> scopes = new ArrayList<>();
    List<String> itemScopes = new ArrayList<>();
    Duration clockSkew;
    Path apiKeyFile;
    /** The {@code serve} command, for usage errors. */
    picocli.CommandLine.Model.CommandSpec spec;

    /** Whether any authorization is configured. */
    boolean configured() {
        return issuer != null || jwks != null || apiKeyFile != null;
    }

    /** Checks the options alone (no file or network read), throwing ParameterException-worthy messages early. */
    void check(HttpOptions http) {
        if (!configured() && (!itemScopes.isEmpty() || !scopes.isEmpty())) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--auth-scope and --auth-scope-for "
                    + "need authorization to check them against: add --auth-issuer or --api-key-file");
        }
        if (!configured() || http == null) return;
        if (jwks != null && issuer == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--auth-jwks needs --auth-issuer, the issuer its tokens must name");
        }
        try {
            itemScopes();
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (audience == null) {
            try {
                endpoint(http);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }

    /**
     * The authorization these options describe for an endpoint served with {@code http}, or null when none is
     * configured. Reads the key file and the authorization server's metadata.
     *
     * @throws IOException naming what could not be read
     */
    Authorization authorization(HttpOptions http) throws IOException {
        if (!configured()) return null;
        if (jwks != null && issuer == null) {
            throw new IllegalArgumentException("--auth-jwks needs --auth-issuer, the issuer its tokens must name");
        }
        URI resource = audience != null ? audience : endpoint(http);
        var requiredScopes = new LinkedHashSet<>(scopes);
        ApiKeys keys = apiKeyFile == null ? null : ApiKeys.read(apiKeyFile, requiredScopes);
        JwtVerifier tokens = null;
        if (issuer != null) {
            var audiences = List.of(resource.toString(), resource.toString().replaceAll("/+$", ""),
                    resource.toString().replaceAll("/+$", "") + "/");
            tokens = jwks != null ? new JwtVerifier(issuer, jwks, audiences, clockSkew)
                    : JwtVerifier.discover(issuer, audiences, clockSkew);
        }
        return new Authorization(resource, issuer == null ? List.of() : List.of(issuer), requiredScopes,
                either(tokens, keys), itemScopes());
    }

    /** {@code --auth-scope-for} as item → scopes; the item is what comes before the last '='. */
    java.util.Map<String, java.util.Set<String>> itemScopes() {
        var items = new java.util.LinkedHashMap<String, java.util.Set<String>>();
        for (String entry : itemScopes) {
            int equals = entry.lastIndexOf('=');
            String item = equals < 0 ? entry : entry.substring(0, equals).strip();
            var scopes = new java.util.TreeSet<String>();
            if (equals >= 0) {
                for (String scope : entry.substring(equals + 1).split("[,\\s]+")) {
                    if (!scope.isBlank()) scopes.add(scope);
                }
            }
            if (!item.matches("(tool|prompt|resource):.+") || scopes.isEmpty()) {
                throw new IllegalArgumentException("--auth-scope-for takes tool:NAME=SCOPE, prompt:NAME=SCOPE or "
                        + "resource:URI=SCOPE (scopes separated by commas), was '" + entry + "'");
            }
            items.merge(item, scopes, (a, b) -> {
                var both = new java.util.TreeSet<>(a);
                both.addAll(b);
                return both;
            });
        }
        return items;
    }

    /** JWTs (three dot-separated parts) to the token verifier, anything else to the API keys. */
    private static TokenVerifier either(JwtVerifier tokens, ApiKeys keys) {
        if (tokens == null) return keys;
        if (keys == null) return tokens;
        return token -> {
            if (token.chars().filter(c -> c == '.').count() == 2) return tokens.verify(token);
            return keys.verify(token);
        };
    }

    private static URI endpoint(HttpOptions http) {
        String host = http.host();
        if (host.equals("0.0.0.0") || host.equals("::")) {
            throw new IllegalArgumentException("--host " + host + " names no address clients use; give this "
                    + "server's canonical URI with --auth-audience (e.g. https://mcp.example.com/mcp)");
        }
        if (http.port() == 0) {
            throw new IllegalArgumentException("with --port 0 the endpoint's URL is not known in advance; give "
                    + "--auth-audience");
        }
        String authority = host.contains(":") ? "[" + host + "]" : host;
        return URI.create((http.tls() == null ? "http" : "https") + "://" + authority + ":" + http.port() + http.path());
    }
}
