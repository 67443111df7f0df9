package dev.jmcp.cli.client;

import dev.jmcp.client.auth.ClientRegistration;
import dev.jmcp.client.auth.TokenStore;
import dev.jmcp.client.auth.Tokens;
import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.net.URI;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CLI's tokens: one JSON file in the user's config directory ({@code $XDG_CONFIG_HOME/jmcp/tokens.json}, else
 * {@code ~/.config/jmcp/tokens.json}), readable and writable by the user only (mode 600), rewritten whole on each
 * change. Thread-safe within one process.
 */
final class TokenFile implements TokenStore {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private final Path file;

    TokenFile(Path file) {
        this.file = file;
    }

    static TokenFile inConfigDirectory() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : dev.jmcp.cli.UserHome.current().resolve(".config");
        return new TokenFile(base.resolve("jmcp").resolve("tokens.json"));
    }

    Path path() {
        return file;
    }

    @Override
    public synchronized Tokens load(String resource) {
        Object entry = read().get(resource);
        if (!(entry instanceof Map<?, ?> tokens) || !(tokens.get("accessToken") instanceof String access)) return null;
        Instant expires = tokens.get("expiresAt") instanceof Number n ? Instant.ofEpochSecond(n.longValue()) : null;
        return new Tokens(access, (String) tokens.get("refreshToken"), expires, (String) tokens.get("scope"),
                (String) tokens.get("issuer"));
    }

    @Override
    public synchronized void save(String resource, Tokens tokens) {
        Map<String, Object> all = read();
        var entry = new LinkedHashMap<String, Object>();
        entry.put("accessToken", tokens.accessToken());
        if (tokens.refreshToken() != null) entry.put("refreshToken", tokens.refreshToken());
        if (tokens.expiresAt() != null) entry.put("expiresAt", tokens.expiresAt().getEpochSecond());
        if (tokens.scope() != null) entry.put("scope", tokens.scope());
        if (tokens.issuer() != null) entry.put("issuer", tokens.issuer());
        all.put(resource, entry);
        write(all);
    }

    @Override
    public synchronized void clear(String resource) {
        Map<String, Object> all = read();
        if (all.remove(resource) != null) write(all);
    }

    /** Where the client registrations live in the file, beside the tokens (which are keyed by server URL). */
    private static final String CLIENTS = "clients";

    @Override
    public synchronized ClientRegistration loadRegistration(String issuer) {
        if (!(read().get(CLIENTS) instanceof Map<?, ?> clients) || !(clients.get(issuer) instanceof Map<?, ?> entry)
                || !(entry.get("clientId") instanceof String id)) {
            return null;
        }
        return new ClientRegistration(id, entry.get("clientSecret") instanceof String secret ? secret : null,
                entry.get("authMethod") instanceof String method ? method : null,
                entry.get("redirectUri") instanceof String redirect ? redirect : null);
    }

    @Override
    public synchronized void saveRegistration(String issuer, ClientRegistration registration) {
        Map<String, Object> all = read();
        var clients = new LinkedHashMap<String, Object>();
        if (all.get(CLIENTS) instanceof Map<?, ?> kept) kept.forEach((k, v) -> clients.put(String.valueOf(k), v));
        var entry = new LinkedHashMap<String, Object>();
        entry.put("clientId", registration.clientId());
        if (registration.clientSecret() != null) entry.put("clientSecret", registration.clientSecret());
        entry.put("authMethod", registration.authMethod());
        if (registration.redirectUri() != null) entry.put("redirectUri", registration.redirectUri());
        clients.put(issuer, entry);
        all.put(CLIENTS, clients);
        write(all);
    }

    /**
     * The loopback port of the redirect URI earlier logins registered with, so a new login listens there and reuses
     * the registration; 0 when there is none.
     */
    synchronized int registeredRedirectPort() {
        if (!(read().get(CLIENTS) instanceof Map<?, ?> clients)) return 0;
        for (Object entry : clients.values()) {
            if (entry instanceof Map<?, ?> client && client.get("redirectUri") instanceof String redirect) {
                URI uri = URI.create(redirect);
                if ("127.0.0.1".equals(uri.getHost()) && uri.getPort() > 0) return uri.getPort();
            }
        }
        return 0;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> read() {
        if (!Files.isRegularFile(file)) return new LinkedHashMap<>();
        try {
            return CODEC.parse(Files.readAllBytes(file)) instanceof Map<?, ?> map
                    ? new LinkedHashMap<>((Map<String, Object>) map) : new LinkedHashMap<>();
        } catch (IOException | RuntimeException e) {
            return new LinkedHashMap<>();
        }
    }

    /** Written to a private temporary file first, then moved over: the file is never readable by others. */
    private void write(Map<String, Object> all) {
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "tokens", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(temp, CODEC.writeValueAsString(all));
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not save the tokens in " + file, e);
        }
    }
}
