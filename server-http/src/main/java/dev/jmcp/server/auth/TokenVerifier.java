package dev.jmcp.server.auth;

import dev.jmcp.plugin.Identity;

/** Turns a presented credential into who presented it, or says why it is not accepted. Thread-safe. */
public interface TokenVerifier {
    /**
     * The identity {@code token} stands for.
     *
     * @throws InvalidTokenException when the token is not valid here (forged, expired, for another resource, ...)
     */
    Identity verify(String token) throws InvalidTokenException;
}
