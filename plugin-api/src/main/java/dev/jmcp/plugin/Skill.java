package dev.jmcp.plugin;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A skill a plugin ships (extension {@code io.modelcontextprotocol/skills}, 2026-07-28): a directory holding a
 * {@code SKILL.md} — YAML frontmatter with {@code name} and {@code description}, then {@code instructions} in
 * Markdown — and any other {@code files} beside it, keyed by their path within the skill directory
 * ({@code scripts/run.sh}; '/'-separated, relative, without {@code .} or {@code ..} segments). The server writes the
 * {@code SKILL.md} itself from these fields and serves every file as a resource. Immutable: the file contents are
 * copied in and handed out as copies. The constructor throws {@link IllegalArgumentException} for a name that is not
 * lower-case letters, digits and single hyphens (at most 64 characters), a blank description or an unusable path.
 */
public record Skill(String name, String description, String instructions, Map<String, byte[]> files) {
    private static final Pattern NAME = Pattern.compile("^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$");

    public Skill {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("skill name '" + name + "' must be lower-case letters, digits and single"
                    + " hyphens, at most 64 characters, neither starting nor ending with a hyphen");
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("skill '" + name + "' needs a description");
        }
        instructions = instructions == null ? "" : instructions;
        var copy = new LinkedHashMap<String, byte[]>();
        if (files != null) {
            files.forEach((path, bytes) -> {
                if (!usablePath(path) || path.equals("SKILL.md")) {
                    throw new IllegalArgumentException("skill '" + name + "' has an unusable file path '" + path
                            + "' (relative, '/'-separated, no '.' or '..' segments, not SKILL.md)");
                }
                if (bytes == null) throw new IllegalArgumentException("skill '" + name + "' has no bytes for " + path);
                copy.put(path, bytes.clone());
            });
        }
        files = java.util.Collections.unmodifiableMap(copy);
    }

    /** The bytes of the file at {@code path} within the skill directory (a copy), or null if there is none. */
    public byte[] file(String path) {
        byte[] bytes = files.get(path);
        return bytes == null ? null : bytes.clone();
    }

    private static boolean usablePath(String path) {
        if (path == null || path.isEmpty() || path.startsWith("/") || path.endsWith("/")) return false;
        return Arrays.stream(path.split("/", -1)).noneMatch(s -> s.isEmpty() || s.equals(".") || s.equals(".."));
    }
}
