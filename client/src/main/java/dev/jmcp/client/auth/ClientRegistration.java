package dev.jmcp.client.auth;

/**
 * A client registered dynamically with an authorization server, as a {@link TokenStore} keeps it so later logins and
 * refreshes reuse it: the client id, its secret (null for a public client), how it authenticates at the token endpoint
 * ({@code none}, {@code client_secret_basic}, {@code client_secret_post}) and the redirect URI it was registered with.
 */
public record ClientRegistration(String clientId, String clientSecret, String authMethod, String redirectUri) {
    public ClientRegistration {
        if (clientId == null || clientId.isEmpty()) throw new IllegalArgumentException("a registration needs a client id");
        if (authMethod == null) authMethod = clientSecret == null ? "none" : "client_secret_basic";
    }
}
