package dev.jmcp.server.mount;

import dev.jmcp.protocol.json.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The folder where lazy mounts keep their servers' last {@link Manifest}s (default {@code ~/.jmcp/mount-cache}): one
 * JSON file per mount file, named by the mount's name and its file's path. Each holds the key it was written for:
 * the mount file's path and modification time and the server it names (command, arguments, working folder,
 * environment, URL, headers), hashed, so a file that was edited or touched, or names another server, never reuses a
 * manifest: it is listed afresh. Files are written whole to a temporary file and moved into place. Thread-safe;
 * failures to read are a missing entry, failures to write are logged.
 */
public final class ManifestCache {
    private static final Logger LOG = LoggerFactory.getLogger(ManifestCache.class);
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final int FORMAT = 1;
    /** A cached manifest larger than this is not read (a server with thousands of tools stays well under it). */
    private static final long MAX_BYTES = 64L * 1024 * 1024;

    private final Path folder;

    public ManifestCache(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    /** {@code ~/.jmcp/mount-cache}: the default folder. */
    public static Path defaultFolder() {
        return Path.of(System.getProperty("user.home"), ".jmcp", "mount-cache");
    }

    public Path folder() {
        return folder;
    }

    /** Where the manifest of the server {@code spec} names, mounted from {@code mountFile}, is kept. */
    public Slot slot(Path mountFile, MountSpec spec) {
        Path file = mountFile.toAbsolutePath().normalize();
        var identity = new TreeMap<String, Object>();
        identity.put("file", file.toString());
        try {
            identity.put("modified", Files.getLastModifiedTime(file).toMillis());
        } catch (IOException e) {
            identity.put("modified", 0L);
        }
        if (spec.command() != null) identity.put("command", spec.command());
        if (spec.cwd() != null) identity.put("cwd", spec.cwd().toString());
        if (spec.url() != null) identity.put("url", spec.url().toString());
        identity.put("env", new TreeMap<>(spec.env()));
        identity.put("headers", new TreeMap<>(spec.headers()));
        identity.put("sse", spec.legacySse());
        identity.put("protocolVersion", String.valueOf(spec.protocolVersion()));
        String name = spec.name().replaceAll("[^A-Za-z0-9._-]", "_");
        return new Slot(folder.resolve(name + "-" + sha256(file.toString()).substring(0, 16) + ".json"),
                sha256(CODEC.writeValueAsString(identity)));
    }

    /** One mount's entry: its file in the cache and the key it must hold to be used. */
    public record Slot(Path file, String key) {

        /** The manifest kept here for this key; null when there is none, it was written for another key, or unreadable. */
        @SuppressWarnings("unchecked")
        public Manifest read() {
            try {
                if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) return null;
                if (!(CODEC.parse(Files.readAllBytes(file)) instanceof Map<?, ?> tree)
                        || !(tree.get("format") instanceof Number format && format.intValue() == FORMAT) || !key.equals(tree.get("key"))
                        || !(tree.get("manifest") instanceof Map<?, ?> manifest)) {
                    return null;
                }
                return Manifest.fromTree((Map<String, Object>) manifest);
            } catch (IOException | RuntimeException e) {
                LOG.warn("The cached manifest {} is unreadable and is ignored: {}", file, e.getMessage());
                return null;
            }
        }

        /** Keeps {@code manifest} here, replacing what was. A failure is logged: the mount serves on without it. */
        public void write(Manifest manifest) {
            var tree = new LinkedHashMap<String, Object>();
            tree.put("format", FORMAT);
            tree.put("key", key);
            tree.put("written", Instant.now().toString());
            tree.put("manifest", manifest.toTree());
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(temporary, CODEC.writeValueAsString(tree));
                try {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("Cannot keep the manifest in {}: {}", file, e.toString());
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
