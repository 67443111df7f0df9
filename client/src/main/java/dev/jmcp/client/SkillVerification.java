package dev.jmcp.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Checks a fetched skill file against its listing entry: "a read whose byte length differs from the entry's size is a
 * verification failure", the content "MUST [be verified] against that entry's digest", and a {@code SKILL.md}'s
 * frontmatter is compared field by field with the entry's. Pure functions.
 */
final class SkillVerification {
    private SkillVerification() {
    }

    static void verify(ListedSkill.File entry, byte[] content) throws IOException {
        if (entry.size() != null && entry.size() != content.length) {
            throw new IOException("skill file " + entry.uri() + " is " + content.length + " bytes, its entry says "
                    + entry.size() + "; not used");
        }
        if (entry.digest() != null) {
            String actual = "sha256:" + HexFormat.of().formatHex(sha256(content));
            if (!actual.equalsIgnoreCase(entry.digest())) {
                throw new IOException("skill file " + entry.uri() + " has digest " + actual + ", its entry says "
                        + entry.digest() + "; not used");
            }
        }
    }

    /** Compares the YAML frontmatter of a {@code SKILL.md} (flat {@code key: value} lines) with the listing's. */
    static void verifyFrontmatter(ListedSkill skill, String skillMd) throws IOException {
        Map<String, String> parsed = frontmatter(skillMd);
        for (var expected : skill.frontmatter().entrySet()) {
            if (!Objects.equals(parsed.get(expected.getKey()), String.valueOf(expected.getValue()))) {
                throw new IOException("the frontmatter of " + skill.uri() + " says " + expected.getKey() + ": "
                        + parsed.get(expected.getKey()) + ", the listing says " + expected.getValue() + "; not loaded");
            }
        }
    }

    private static Map<String, String> frontmatter(String text) {
        var values = new LinkedHashMap<String, String>();
        String[] lines = text.split("\r?\n");
        if (lines.length == 0 || !lines[0].strip().equals("---")) return values;
        for (int i = 1; i < lines.length && !lines[i].strip().equals("---"); i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0 || Character.isWhitespace(lines[i].charAt(0))) continue;
            String value = lines[i].substring(colon + 1).strip();
            if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                    || value.startsWith("'") && value.endsWith("'"))) {
                value = value.substring(1, value.length() - 1);
            }
            values.put(lines[i].substring(0, colon).strip(), value);
        }
        return values;
    }

    private static byte[] sha256(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
