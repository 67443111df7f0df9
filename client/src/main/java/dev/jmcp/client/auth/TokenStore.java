package dev.jmcp.client.auth;

/**
 * Where tokens are kept between uses, as the application decides (memory, a file readable by the user only, a
 * keychain). Implementations must be thread-safe.
 */
public interface TokenStore {
    /** The tokens for {@code resource}, or null. */
    Tokens load(String resource);

    void save(String resource, Tokens tokens);

    /** Forgets the tokens for {@code resource} (they were refused). */
    void clear(String resource);

    /** The client registration kept for authorization server {@code issuer}, or null (default: none is kept). */
    default ClientRegistration loadRegistration(String issuer) {
        return null;
    }

    /** Keeps the client registered with {@code issuer} (default: forgotten). */
    default void saveRegistration(String issuer, ClientRegistration registration) {
    }

    /** A store that forgets everything when the program ends. */
    static TokenStore inMemory() {
        var map = new java.util.concurrent.ConcurrentHashMap<String, Tokens>();
        return new TokenStore() {
            @Override
            public Tokens load(String resource) {
                return map.get(resource);
            }

            @Override
            public void save(String resource, Tokens tokens) {
                map.put(resource, tokens);
            }

            @Override
            public void clear(String resource) {
                map.remove(resource);
            }
        };
    }
}
