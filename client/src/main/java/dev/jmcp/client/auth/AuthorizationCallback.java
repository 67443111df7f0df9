package dev.jmcp.client.auth;

import java.io.IOException;
import java.net.URI;

/**
 * Takes the person (or, in tests, a program) through the authorization server's page: given the authorization URL,
 * returns the redirect URI the server sent back to the client's {@code redirect_uri} (with {@code code} and
 * {@code state}). A desktop application opens the browser and listens on its loopback redirect URI. Called on the
 * thread of the request that needed authorization; may block.
 */
@FunctionalInterface
public interface AuthorizationCallback {
    URI authorize(URI authorizationUrl) throws IOException, InterruptedException;
}
