package dev.jmcp.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Servers named in an {@code mcpServers}-style JSON file, the shape Claude Desktop, Claude Code and Cursor write
 * ({@code {"mcpServers": {NAME: ENTRY}}}) and VS Code writes ({@code {"servers": {NAME: ENTRY}}}). An entry either
 * starts a server ({@code command}, {@code args}, {@code env}; {@code "type": "stdio"} optional) or names one by URL
 * ({@code url}, {@code headers}; {@code "type"} {@code http}/{@code streamable-http} (the default) or {@code sse}).
 * Strings may use the environment as those applications do: {@code ${NAME}}, {@code ${NAME:-default}} and
 * {@code ${env:NAME}}. Stateless.
 */
final class ServerConfigs {
    /** Reads what editors write: VS Code's files may hold comments and trailing commas. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
            .build();
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");

    /** One server of the file, ready to connect to: a command to start ({@code url} null) or a URL. */
    record Server(String name, List<String> command, Map<String, String> env, URI url, String transport,
                  Map<String, String> headers) {
    }

    /** Something the file says that cannot be used, with what to do about it. */
    static final class ConfigException extends Exception {
        ConfigException(String message) {
            super(message);
        }
    }

    private ServerConfigs() {
    }

    /**
     * The server called {@code name} in {@code file}, or the file's only server when {@code name} is null.
     * {@code environment} resolves variables (the process environment, in use).
     */
    static Server read(Path file, String name, Function<String, String> environment) throws ConfigException {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new ConfigException("--config: no such file: " + file);
        } catch (JsonProcessingException e) {
            throw new ConfigException("--config: " + file + " is not valid JSON: " + e.getOriginalMessage()
                    + " (line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw new ConfigException("--config: cannot read " + file + ": " + e.getMessage());
        }
        JsonNode servers = root == null ? null : root.has("mcpServers") ? root.get("mcpServers") : root.get("servers");
        if (servers == null || !servers.isObject()) {
            throw new ConfigException("--config: " + file + " has no \"mcpServers\" (Claude Desktop, Claude Code, "
                    + "Cursor) or \"servers\" (VS Code) object naming the servers");
        }
        var names = new ArrayList<String>();
        servers.fieldNames().forEachRemaining(names::add);
        if (name == null) {
            if (names.size() != 1) {
                throw new ConfigException("--config: " + file + " names " + names.size() + " servers; choose one with "
                        + "--server NAME" + (names.isEmpty() ? "" : " (one of: " + String.join(", ", names) + ")"));
            }
            name = names.getFirst();
        }
        JsonNode entry = servers.get(name);
        if (entry == null) {
            throw new ConfigException("--server: " + file + " names no server '" + name + "'"
                    + (names.isEmpty() ? "" : "; it names: " + String.join(", ", names)));
        }
        if (!entry.isObject()) throw new ConfigException("--config: the entry of '" + name + "' is not a JSON object");
        return server(name, entry, new Expander(name, environment));
    }

    private static Server server(String name, JsonNode entry, Expander expand) throws ConfigException {
        String type = text(entry, "type", name, expand);
        String url = text(entry, "url", name, expand);
        String command = text(entry, "command", name, expand);
        if (url != null && command != null) {
            throw new ConfigException("--config: the entry of '" + name + "' has both \"url\" and \"command\"; keep one");
        }
        if (url != null) {
            String transport = switch (type == null ? "http" : type) {
                case "http", "streamable-http", "streamableHttp" -> "streamable-http";
                case "sse" -> "sse";
                default -> throw new ConfigException("--config: the entry of '" + name + "' has \"type\": \"" + type
                        + "\"; with a \"url\" jmcp knows http (Streamable HTTP) and sse");
            };
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("--config: the \"url\" of '" + name + "' is not a URL: " + url);
            }
            return new Server(name, List.of(), Map.of(), uri, transport, strings(entry, "headers", name, expand));
        }
        if (command == null) {
            throw new ConfigException("--config: the entry of '" + name + "' has neither \"command\" (a server to "
                    + "start) nor \"url\" (a server to reach)");
        }
        if (type != null && !type.equals("stdio")) {
            throw new ConfigException("--config: the entry of '" + name + "' has a \"command\" but \"type\": \""
                    + type + "\"; a started server speaks stdio");
        }
        var line = new ArrayList<String>();
        line.add(command);
        JsonNode args = entry.get("args");
        if (args != null) {
            if (!args.isArray()) throw new ConfigException("--config: \"args\" of '" + name + "' is not an array");
            for (JsonNode arg : args) {
                if (!arg.isValueNode()) {
                    throw new ConfigException("--config: \"args\" of '" + name + "' holds a non-string: " + arg);
                }
                line.add(expand.apply(arg.asText()));
            }
        }
        return new Server(name, List.copyOf(line), strings(entry, "env", name, expand), null, null, Map.of());
    }

    private static String text(JsonNode entry, String field, String name, Expander expand) throws ConfigException {
        JsonNode value = entry.get(field);
        if (value == null || value.isNull()) return null;
        if (!value.isTextual()) {
            throw new ConfigException("--config: \"" + field + "\" of '" + name + "' is not a string: " + value);
        }
        return expand.apply(value.asText());
    }

    private static Map<String, String> strings(JsonNode entry, String field, String name, Expander expand)
            throws ConfigException {
        JsonNode object = entry.get(field);
        if (object == null || object.isNull()) return Map.of();
        if (!object.isObject()) throw new ConfigException("--config: \"" + field + "\" of '" + name + "' is not an object");
        var values = new LinkedHashMap<String, String>();
        for (var it = object.fields(); it.hasNext(); ) {
            var pair = it.next();
            if (!pair.getValue().isValueNode()) {
                throw new ConfigException("--config: \"" + field + "\"." + pair.getKey() + " of '" + name
                        + "' is not a string");
            }
            values.put(pair.getKey(), expand.apply(pair.getValue().asText()));
        }
        return values;
    }

    /** Replaces {@code ${NAME}}, {@code ${NAME:-default}} and {@code ${env:NAME}} in one string. */
    private record Expander(String server, Function<String, String> environment) {
        String apply(String value) throws ConfigException {
            if (value.indexOf('$') < 0) return value;
            Matcher matcher = VARIABLE.matcher(value);
            var out = new StringBuilder();
            while (matcher.find()) {
                matcher.appendReplacement(out, Matcher.quoteReplacement(resolve(matcher.group(1))));
            }
            matcher.appendTail(out);
            return out.toString();
        }

        private String resolve(String variable) throws ConfigException {
            if (variable.startsWith("input:")) {
                throw new ConfigException("--config: the entry of '" + server + "' asks for ${" + variable + "}, "
                        + "which VS Code prompts for; jmcp cannot: put the value in the file, in an environment "
                        + "variable (${env:NAME}), or pass it with --header/--env");
            }
            String name = variable.startsWith("env:") ? variable.substring(4) : variable;
            String fallback = null;
            int dash = name.indexOf(":-");
            if (dash >= 0) {
                fallback = name.substring(dash + 2);
                name = name.substring(0, dash);
            }
            String found = environment.apply(name);
            if (found != null) return found;
            if (fallback != null) return fallback;
            throw new ConfigException("--config: the entry of '" + server + "' uses ${" + variable + "}, but the "
                    + "environment variable " + name + " is not set");
        }
    }
}
