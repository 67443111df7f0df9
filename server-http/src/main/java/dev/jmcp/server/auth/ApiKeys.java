package dev.jmcp.server.auth;

import dev.jmcp.plugin.Identity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Static API keys for simple deployments, read from a file: one key per line, optionally named ({@code name:key});
 * blank lines and lines starting with {@code #} are ignored. A presented key is compared with every key in constant
 * time, so timing tells nothing of how much of it matched. The identity of a key is its name (or {@code api-key-N})
 * with every scope the operator requires. Immutable.
 */
public final class ApiKeys implements TokenVerifier {
    /** Shorter keys are guessable; the file is refused. */
    static final int MIN_LENGTH = 16;

    private record Key(String name, byte[] secret) {
    }

    private final List<Key> keys;
    private final Set<String> scopes;

    private ApiKeys(List<Key> keys, Set<String> scopes) {
        this.keys = keys;
        this.scopes = scopes;
    }

    /**
     * The keys in {@code file}; each grants {@code scopes}.
     *
     * @throws IOException when the file cannot be read, holds no key, or holds one too short to be safe
     */
    public static ApiKeys read(Path file, Set<String> scopes) throws IOException {
        var keys = new ArrayList<Key>();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) continue;
            number++;
            int colon = text.indexOf(':');
            String name = colon > 0 ? text.substring(0, colon).strip() : "api-key-" + number;
            String secret = colon > 0 ? text.substring(colon + 1).strip() : text;
            if (secret.length() < MIN_LENGTH) {
                throw new IOException(file + ": the key on line " + number + " (" + name + ") is shorter than "
                        + MIN_LENGTH + " characters; use a long random one, e.g. 'openssl rand -hex 32'");
            }
            keys.add(new Key(name, secret.getBytes(StandardCharsets.UTF_8)));
        }
        if (keys.isEmpty()) throw new IOException(file + " holds no API key");
        return new ApiKeys(List.copyOf(keys), Set.copyOf(scopes));
    }

    @Override
    public Identity verify(String token) throws InvalidTokenException {
        byte[] presented = token.getBytes(StandardCharsets.UTF_8);
        Key found = null;
        for (Key key : keys) {
            // Every key is compared, whichever matches, so the time taken does not tell which.
            if (MessageDigest.isEqual(key.secret(), presented) && found == null) found = key;
        }
        if (found == null) throw new InvalidTokenException("the API key is not valid");
        return new Identity(found.name(), null, scopes, null);
    }
}
