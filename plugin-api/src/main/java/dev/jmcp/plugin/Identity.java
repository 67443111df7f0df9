package dev.jmcp.plugin;

import java.util.Map;
import java.util.Set;

/**
 * Who is calling, as the server's authorization established it from the request's bearer token or API key.
 *
 * @param subject  the token's {@code sub} (the user, or the client itself for machine tokens); for an API key, the
 *                 key's name
 * @param clientId the OAuth client the token was issued to ({@code client_id} or {@code azp}), or null
 * @param scopes   the scopes the token grants
 * @param claims   every claim of the token (empty for an API key)
 */
public record Identity(String subject, String clientId, Set<String> scopes, Map<String, Object> claims) {
    public Identity {
        if (subject == null) throw new IllegalArgumentException("an identity needs a subject");
        scopes = scopes == null ? Set.of() : Set.copyOf(scopes);
        claims = claims == null ? Map.of() : Map.copyOf(claims);
    }

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }
}
