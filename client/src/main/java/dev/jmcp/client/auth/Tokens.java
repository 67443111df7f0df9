package dev.jmcp.client.auth;

import java.time.Instant;

/**
 * Tokens from an authorization server, as a {@link TokenStore} keeps them: the access token, the refresh token (or
 * null), when the access token expires (or null: unknown), the scope granted (or null) and the issuer that gave them.
 */
public record Tokens(String accessToken, String refreshToken, Instant expiresAt, String scope, String issuer) {
    public Tokens {
        if (accessToken == null || accessToken.isEmpty()) throw new IllegalArgumentException("tokens need an access token");
    }

    boolean expired(Instant now) {
        return expiresAt != null && now.isAfter(expiresAt.minusSeconds(30));
    }
}
