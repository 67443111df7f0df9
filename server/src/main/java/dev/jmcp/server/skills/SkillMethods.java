package dev.jmcp.server.skills;

import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.SkillEntry;
import dev.jmcp.server.registry.SkillFile;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Pagination;
import dev.jmcp.server.session.Params;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Answers the methods of the skills extension — {@link #list skills/list} (paged, by {@code SKILL.md} URI),
 * {@link #get skills/get} and {@link #readDirectory resources/directory/read}, one method each, as the method table
 * binds them — from the registry snapshot a call sees. Results are the bare results;
 * the caller adds {@code resultType} and cache hints. An unknown skill, a URI that is not a skill directory, or
 * malformed params are a -32602 {@link JsonRpcException}. Stateless and thread-safe.
 */
public final class SkillMethods {
    /** The extension's identifier, as capabilities name it. */
    public static final String EXTENSION = "io.modelcontextprotocol/skills";
    /** The capability's settings: the skill directories can be listed. */
    public static final Map<String, Object> CAPABILITY = Map.of("directoryRead", true);
    private static final String DIRECTORY_TYPE = "inode/directory";

    private final int pageSize;

    public SkillMethods(int pageSize) {
        this.pageSize = pageSize;
    }

    /** {@code skills/list}: the skills, paged, by the URI of their {@code SKILL.md}. */
    public Map<String, Object> list(Call call) {
        Params params = call.params();
        var page = Pagination.page(call.registry().skills(), SkillEntry::uri, SkillMethods::describe,
                params.optionalString("cursor"), pageSize, params);
        var result = new LinkedHashMap<String, Object>();
        result.put("skills", page.items());
        if (page.nextCursor() != null) result.put("nextCursor", page.nextCursor());
        return result;
    }

    /** {@code skills/get}: one skill, by the URI of its {@code SKILL.md}. */
    public Map<String, Object> get(Call call) {
        String uri = call.params().requireString("uri");
        SkillEntry skill = call.registry().skill(uri).orElseThrow(() -> JsonRpcException.invalidParams(
                "Invalid params: no skill has the SKILL.md " + uri + "; skills/list names every skill"));
        var result = new LinkedHashMap<String, Object>();
        result.put("skill", describe(skill));
        return result;
    }

    /** {@code resources/directory/read}: the files and subdirectories directly in a skill's directory, paged. */
    public Map<String, Object> readDirectory(Call call) {
        Params params = call.params();
        String uri = params.requireString("uri");
        var children = children(uri, call.registry()).orElseThrow(() -> JsonRpcException.invalidParams(
                "Invalid params: " + uri + " is not a directory of a skill this server serves"));
        var page = Pagination.page(children.values(), child -> (String) child.get("uri"), child -> child,
                params.optionalString("cursor"), pageSize, params);
        var result = new LinkedHashMap<String, Object>();
        result.put("resources", page.items());
        if (page.nextCursor() != null) result.put("nextCursor", page.nextCursor());
        return result;
    }

    /** A skill as {@code skills/list} and {@code skills/get} show it: its files listed with digests and sizes. */
    private static Map<String, Object> describe(SkillEntry skill) {
        var entry = new LinkedHashMap<String, Object>();
        entry.put("uri", skill.uri());
        entry.put("frontmatter", skill.frontmatter());
        entry.put("resources", skill.files().values().stream().map(file -> Map.<String, Object>of("uri", file.uri(),
                "digest", file.digest(), "size", file.bytes().length)).toList());
        return entry;
    }

    /**
     * The direct children of directory {@code uri} within a skill, by URI: files and subdirectories alike; empty when
     * {@code uri} is no skill directory (a file, SKILL.md included, or a path no file lies under).
     */
    private static Optional<Map<String, Map<String, Object>>> children(String uri, Registry registry) {
        String directory = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
        for (SkillEntry skill : registry.skills()) {
            String base = skill.directoryUri();
            if (!directory.equals(base) && !directory.startsWith(base + "/")) continue;
            String prefix = directory.equals(base) ? "" : directory.substring(base.length() + 1) + "/";
            var children = new TreeMap<String, Map<String, Object>>();
            for (SkillFile file : skill.files().values()) {
                if (!file.path().startsWith(prefix)) continue;
                String rest = file.path().substring(prefix.length());
                int slash = rest.indexOf('/');
                var child = new LinkedHashMap<String, Object>();
                if (slash < 0) {
                    child.put("uri", file.uri());
                    child.put("name", rest);
                    child.put("mimeType", file.mimeType());
                    child.put("size", file.bytes().length);
                } else {
                    String name = rest.substring(0, slash);
                    child.put("uri", directory + "/" + name);
                    child.put("name", name);
                    child.put("mimeType", DIRECTORY_TYPE);
                }
                children.putIfAbsent((String) child.get("uri"), child);
            }
            return children.isEmpty() ? Optional.empty() : Optional.of(children);
        }
        return Optional.empty();
    }

}
