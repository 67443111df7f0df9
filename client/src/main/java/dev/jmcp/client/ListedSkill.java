package dev.jmcp.client;

import java.util.List;
import java.util.Map;

/**
 * A skill as {@code skills/list} shows it (the skills extension, SEP-2640): the URI of its {@code SKILL.md}, the
 * frontmatter the server vouches for, and every file with the digest ({@code sha256:<hex>}) and size its content
 * must have. Immutable; nothing is fetched until {@link McpClient#fetchSkill} is called.
 */
public record ListedSkill(String uri, Map<String, Object> frontmatter, List<File> resources) {
    public ListedSkill {
        if (uri == null) throw new IllegalArgumentException("a skill needs a uri");
        frontmatter = frontmatter == null ? Map.of() : Map.copyOf(frontmatter);
        resources = resources == null ? List.of() : List.copyOf(resources);
    }

    /** One file of a skill: where it is, and what its content must hash to and weigh. */
    public record File(String uri, String digest, Long size) {
    }
}
