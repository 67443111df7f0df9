package dev.jmcp.server.registry;

import dev.jmcp.plugin.Skill;
import dev.jmcp.protocol.json.JsonCodec;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A skill as the server serves it: the plugin's {@link Skill} laid out under {@code skill://jmcp/<name>/}, with the
 * {@code SKILL.md} the server wrote from it and every file's digest computed once. Immutable.
 */
public record SkillEntry(Skill skill, String directoryUri, Map<String, Object> frontmatter,
                         Map<String, SkillFile> files, Owner owner) {
    /** The authority of every skill URI this server issues. */
    public static final String AUTHORITY = "jmcp";
    public static final String MANIFEST = "SKILL.md";

    public SkillEntry {
        frontmatter = Map.copyOf(frontmatter);
        files = java.util.Collections.unmodifiableMap(new TreeMap<>(files));
    }

    /** Lays out {@code skill} for {@code owner}: its {@code SKILL.md} first written from the skill's fields. */
    public static SkillEntry of(Skill skill, Owner owner) {
        String directory = "skill://" + AUTHORITY + "/" + skill.name();
        var frontmatter = new LinkedHashMap<String, Object>();
        frontmatter.put("name", skill.name());
        frontmatter.put("description", skill.description());
        // A JSON string is a YAML double-quoted scalar: the description survives any character it holds.
        String manifest = "---\nname: " + skill.name() + "\ndescription: "
                + JsonCodec.shared().writeValueAsString(skill.description()) + "\n---\n\n" + skill.instructions();
        var files = new LinkedHashMap<String, SkillFile>();
        files.put(MANIFEST, file(directory, MANIFEST, manifest.getBytes(StandardCharsets.UTF_8)));
        skill.files().keySet().forEach(path -> files.put(path, file(directory, path, skill.file(path))));
        return new SkillEntry(skill, directory, frontmatter, files, owner);
    }

    public String name() {
        return skill.name();
    }

    /** The URI of the skill's {@code SKILL.md}: what {@code skills/list} and {@code skills/get} name the skill by. */
    public String uri() {
        return directoryUri + "/" + MANIFEST;
    }

    private static SkillFile file(String directory, String path, byte[] bytes) {
        return new SkillFile(path, directory + "/" + path, mimeType(path, bytes), bytes, digest(bytes));
    }

    private static String mimeType(String path, byte[] bytes) {
        if (!isUtf8(bytes)) return "application/octet-stream";
        String extension = path.substring(path.lastIndexOf('.') + 1);
        return switch (extension) {
            case "md" -> "text/markdown";
            case "sh" -> "text/x-shellscript";
            case "py" -> "text/x-python";
            case "json" -> "application/json";
            default -> "text/plain";
        };
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String digest(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
