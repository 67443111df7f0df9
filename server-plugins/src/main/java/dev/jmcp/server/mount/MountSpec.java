package dev.jmcp.server.mount;

import dev.jmcp.protocol.json.JsonCodec;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * One mounted MCP server as a {@code <name>.mcp.json} file describes it: the server entry in the shape MCP hosts use
 * ({@code command}/{@code args}/{@code env}/{@code cwd} for stdio, {@code url}/{@code headers} for Streamable HTTP, or
 * the legacy HTTP+SSE transport with {@code "type": "sse"}), optionally wrapped in
 * {@code {"mcpServers": {"name": {...}}}} with exactly one entry, plus jmcp's own keys, inside the entry or beside the
 * wrapper (the same key in both places with different values is refused):
 * <ul>
 * <li>{@code prefix}: put before every tool and prompt name (e.g. {@code "gh_"}), so two servers with a
 * {@code search} tool can be mounted side by side;</li>
 * <li>{@code resourcePrefix}: put before every resource URI and URI template as a scheme prefix (e.g. {@code "gh+"}
 * serves {@code file:///a} as {@code gh+file:///a}), and taken off again on the way to the server, so two mounts
 * of one server can serve the same resources side by side;</li>
 * <li>{@code timeout}: seconds one call may take before it is ended with an error result (default 300);</li>
 * <li>{@code connectTimeout}: seconds starting and initializing the server may take (default 30);</li>
 * <li>{@code protocolVersion}: the revision to ask the mounted server for (default 2026-07-28, falling back to the newest
 * stateful revision the server accepts);</li>
 * <li>{@code restartOnTimeout}: end and restart the server when a call times out or is cancelled (default false:
 * the call is cancelled with {@code notifications/cancelled} and the server keeps running);</li>
 * <li>{@code lazy}: serve the server's last manifest from the cache and start it only when it is used (default
 * false; see {@link ManifestCache});</li>
 * <li>{@code disabled}: true leaves the file in the folder but mounts nothing.</li>
 * </ul>
 * {@code passesIdentity}, never set from a file, is for the child process jmcp runs a JAR plugin in: each
 * call then tells the child who sent it. Immutable. {@link #parse} throws {@link IllegalArgumentException} with a
 * message a user can act on; no key is ever silently dropped.
 */
public record MountSpec(String name, List<String> command, Map<String, String> env, Path cwd, URI url,
                        Map<String, String> headers, boolean legacySse, String prefix, String resourcePrefix,
                        Duration callTimeout, Duration connectTimeout, String protocolVersion, boolean restartOnTimeout,
                        boolean lazy, boolean disabled, boolean passesIdentity) {
    static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(5);
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);
    /** The server entry's own keys, as hosts write them. */
    private static final Set<String> SERVER_KEYS = Set.of("command", "args", "env", "cwd", "url", "headers", "type",
            "transport", "description");
    /** jmcp's keys, allowed in the entry and beside an {@code mcpServers} wrapper. */
    private static final Set<String> JMCP_KEYS = Set.of("prefix", "resourcePrefix", "timeout", "connectTimeout",
            "protocolVersion", "restartOnTimeout", "lazy", "disabled");
    /** A resource prefix must keep every URI a URI: it becomes the start of the URI's scheme. */
    private static final Pattern SCHEME_PREFIX = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*");

    public MountSpec {
        command = command == null ? null : List.copyOf(command);
        env = env == null ? Map.of() : Map.copyOf(env);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        prefix = prefix == null ? "" : prefix;
        resourcePrefix = resourcePrefix == null ? "" : resourcePrefix;
        if (!resourcePrefix.isEmpty() && !SCHEME_PREFIX.matcher(resourcePrefix).matches()) {
            throw new IllegalArgumentException("\"resourcePrefix\" must start with a letter and hold only letters, "
                    + "digits, '+', '-' and '.' (it is put before each URI's scheme, e.g. \"gh+\"), was \""
                    + resourcePrefix + "\"");
        }
        if (callTimeout == null) callTimeout = DEFAULT_CALL_TIMEOUT;
        if (connectTimeout == null) connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        if ((command == null) == (url == null)) {
            throw new IllegalArgumentException("a mount needs either \"command\" (a stdio server) or \"url\" (a "
                    + "Streamable HTTP server), not both");
        }
        if (command != null && (command.isEmpty() || command.getFirst().isBlank())) {
            throw new IllegalArgumentException("\"command\" must name a program");
        }
    }

    /** A stdio server started with {@code command}, no jmcp options beyond the name and prefix. */
    public static MountSpec stdio(String name, List<String> command, String prefix, Duration callTimeout,
                                  boolean restartOnTimeout) {
        return new MountSpec(name, command, Map.of(), null, null, Map.of(), false, prefix, "", callTimeout, null, null,
                restartOnTimeout, false, false, false);
    }

    /** The same server, told who sent each call (a child jmcp that runs one of this server's JAR plugins). */
    public MountSpec withIdentityPassed() {
        return new MountSpec(name, command, env, cwd, url, headers, legacySse, prefix, resourcePrefix, callTimeout,
                connectTimeout, protocolVersion, restartOnTimeout, lazy, disabled, true);
    }

    /** Reads the JSON text of a {@code .mcp.json} file; {@code name} is the file's name without the extension. */
    public static MountSpec parse(String name, String json, Path folder) {
        Object tree;
        try {
            tree = JsonCodec.shared().parse(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
        }
        Map<String, Object> entry = object(tree, "the file");
        if (entry.containsKey("mcpServers")) entry = unwrap(entry);
        for (String key : entry.keySet()) {
            if (!SERVER_KEYS.contains(key) && !JMCP_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key \"" + key + "\"; known: " + new TreeSet<>(SERVER_KEYS)
                        + " and jmcp's " + new TreeSet<>(JMCP_KEYS));
            }
        }
        List<String> command = null;
        if (entry.get("command") != null) {
            command = new ArrayList<>();
            command.add(string(entry.get("command"), "command"));
            if (entry.get("args") instanceof List<?> args) {
                for (Object arg : args) command.add(string(arg, "args[]"));
            } else if (entry.get("args") != null) {
                throw new IllegalArgumentException("\"args\" must be a list of strings");
            }
        }
        URI url = null;
        if (entry.get("url") != null) {
            try {
                url = URI.create(string(entry.get("url"), "url"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("\"url\" is not a URL: " + e.getMessage());
            }
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null) {
                throw new IllegalArgumentException("\"url\" must be http:// or https:// with a host, was " + url);
            }
        }
        Path cwd = null;
        if (entry.get("cwd") != null) cwd = folder.resolve(string(entry.get("cwd"), "cwd"));
        if (entry.get("description") != null) string(entry.get("description"), "description");
        boolean legacySse = legacySse(entry, command != null);
        return new MountSpec(name, command, strings(entry.get("env"), "env"), cwd, url,
                strings(entry.get("headers"), "headers"), legacySse, optionalString(entry, "prefix"),
                optionalString(entry, "resourcePrefix"), seconds(entry.get("timeout"), "timeout"),
                seconds(entry.get("connectTimeout"), "connectTimeout"), optionalString(entry, "protocolVersion"),
                flag(entry.get("restartOnTimeout"), "restartOnTimeout"), flag(entry.get("lazy"), "lazy"),
                flag(entry.get("disabled"), "disabled"), false);
    }

    /**
     * The one entry of an {@code mcpServers} wrapper, with jmcp's keys written beside the wrapper added to it. Any other
     * key beside the wrapper is refused: a server key there is a misplaced one, and anything else a typo.
     */
    private static Map<String, Object> unwrap(Map<String, Object> file) {
        Map<String, Object> servers = object(file.get("mcpServers"), "\"mcpServers\"");
        if (servers.size() != 1) {
            throw new IllegalArgumentException("\"mcpServers\" must hold exactly one server, it holds "
                    + servers.size() + "; write one file per server");
        }
        var entry = new LinkedHashMap<>(object(servers.values().iterator().next(), "the server entry"));
        for (var beside : file.entrySet()) {
            String key = beside.getKey();
            if (key.equals("mcpServers")) continue;
            if (SERVER_KEYS.contains(key)) {
                throw new IllegalArgumentException("\"" + key + "\" is beside \"mcpServers\"; it belongs inside the "
                        + "server's entry");
            }
            if (!JMCP_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key \"" + key + "\" beside \"mcpServers\"; jmcp's keys "
                        + "allowed there: " + new TreeSet<>(JMCP_KEYS));
            }
            Object inside = entry.putIfAbsent(key, beside.getValue());
            if (inside != null && !inside.equals(beside.getValue())) {
                throw new IllegalArgumentException("\"" + key + "\" is given beside \"mcpServers\" and inside its "
                        + "entry with different values; keep one");
            }
        }
        return entry;
    }

    /**
     * What {@code type} (or {@code transport}) says: {@code stdio}, {@code http}/{@code streamable-http}
     * (Streamable HTTP) or {@code sse} (the legacy HTTP+SSE transport); true for {@code sse}. Absent: by the entry.
     */
    private static boolean legacySse(Map<String, Object> entry, boolean stdio) {
        if (entry.get("type") != null && entry.get("transport") != null
                && !entry.get("type").equals(entry.get("transport"))) {
            throw new IllegalArgumentException("\"type\" and \"transport\" disagree; keep one");
        }
        Object given = entry.get("type") != null ? entry.get("type") : entry.get("transport");
        if (given == null) return false;
        String type = string(given, "type");
        return switch (type) {
            case "stdio" -> {
                if (!stdio) throw new IllegalArgumentException("\"type\": \"stdio\" needs \"command\"");
                yield false;
            }
            case "http", "streamable-http", "streamableHttp" -> {
                if (stdio) throw new IllegalArgumentException("\"type\": \"" + type + "\" needs \"url\"");
                yield false;
            }
            case "sse" -> {
                if (stdio) throw new IllegalArgumentException("\"type\": \"sse\" needs \"url\"");
                yield true;
            }
            default -> throw new IllegalArgumentException("\"type\" must be \"stdio\", \"http\", "
                    + "\"streamable-http\" or \"sse\", was \"" + type + "\"");
        };
    }

    private static String optionalString(Map<String, Object> entry, String key) {
        return entry.get(key) == null ? null : string(entry.get(key), key);
    }

    /** The URI the client sees for {@code uri} of the server (the resource prefix before it). */
    public String servedUri(String uri) {
        return resourcePrefix + uri;
    }

    /** The server's own URI for {@code served}, a URI this mount serves. */
    public String serverUri(String served) {
        return served.startsWith(resourcePrefix) ? served.substring(resourcePrefix.length()) : served;
    }

    /** What a log line names the mounted server by: its command or URL. */
    public String describe() {
        return url != null ? url.toString() : String.join(" ", command);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value, String what) {
        if (value instanceof Map<?, ?> map) return (Map<String, Object>) map;
        throw new IllegalArgumentException(what + " must be a JSON object");
    }

    private static String string(Object value, String key) {
        if (value instanceof String s) return s;
        throw new IllegalArgumentException("\"" + key + "\" must be a string");
    }

    private static boolean flag(Object value, String key) {
        if (value == null) return false;
        if (value instanceof Boolean b) return b;
        throw new IllegalArgumentException("\"" + key + "\" must be true or false");
    }

    private static Map<String, String> strings(Object value, String key) {
        if (value == null) return Map.of();
        var result = new LinkedHashMap<String, String>();
        for (var item : object(value, "\"" + key + "\"").entrySet()) {
            result.put(item.getKey(), string(item.getValue(), key + "." + item.getKey()));
        }
        return result;
    }

    private static Duration seconds(Object value, String key) {
        if (value == null) return null;
        if (value instanceof Number n && n.doubleValue() > 0 && n.doubleValue() <= 86_400) {
            return Duration.ofMillis(Math.round(n.doubleValue() * 1000));
        }
        throw new IllegalArgumentException("\"" + key + "\" must be a number of seconds between 0 and 86400");
    }
}
