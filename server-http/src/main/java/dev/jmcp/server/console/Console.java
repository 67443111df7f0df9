package dev.jmcp.server.console;

import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.Catalog;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.http.routes.Routes;
import dev.jmcp.server.registry.UriTemplate;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web console of one server on one HTTP transport, a place to develop plugins in. {@link #install} it before the
 * transport starts. The page and its script are static; the data and the actions go through {@code /console/api/*},
 * every one of which passes the transport's guards (Origin and Host, and authorization when it is on), as MCP
 * requests do:
 * <ul>
 *   <li>{@code GET api/state}: plugins (each with its log lines no call could be given), tools, prompts, resources and templates, sessions, the last calls with their
 *       failures' detail and log lines, and {@code jmcp dev}'s last build;</li>
 *   <li>{@code POST api/call {tool, arguments}}, {@code api/prompt {name, arguments}}, {@code api/resource {uri}}:
 *       {@code tools/call}, {@code prompts/get}, {@code resources/read} through the console's own session, answered
 *       with the JSON-RPC answer;</li>
 *   <li>{@code POST api/reload {file}}: loads a plugin file again; {@code api/end-session {id}}: ends a session.</li>
 * </ul>
 * A request the console cannot take gets 4xx and {@code {"error": WHY}}. It listens to the process's log
 * ({@link dev.jmcp.server.observe.LogTap}) for its server's lines until {@link #close}d; a console of another server in
 * the same JVM sees only its own. Thread-safe.
 */
public final class Console implements AutoCloseable {
    static final String PATH = "/console/";
    /** Bodies of the console's requests are small; a tool's arguments are the biggest. */
    static final int MAX_BODY_BYTES = 1 << 20;
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8");

    private final McpServer server;
    private final Instant started = Instant.now();
    private final RecentCalls calls;
    private final ConsoleSession session;
    private volatile DevBuild devBuild;

    public Console(McpServer server) {
        this.server = server;
        this.calls = new RecentCalls(server);
        this.session = new ConsoleSession(server, calls);
        server.observe(calls);
    }

    /** Stops collecting log lines (the routes stay until the transport closes). */
    @Override
    public void close() {
        calls.close();
    }

    /** Shows {@code jmcp dev}'s last build, which it writes to {@code file} (see {@link DevBuild}). */
    public Console devBuild(Path file) {
        this.devBuild = new DevBuild(file);
        return this;
    }

    /** A request the console refuses, with the HTTP status and what to do instead. */
    static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** One action of the page: takes the request's JSON object, returns the answer's. */
    @FunctionalInterface
    interface Action {
        Object run(Map<?, ?> body) throws InterruptedException;
    }

    /** Serves the console at {@code /console/} on {@code http}. */
    public void install(HttpTransport http) {
        Routes transport = Routes.of(http);
        transport.route(PATH, new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws IOException {
                String path = Request.getPathInContext(request);
                String file = path.equals(PATH) ? "index.html" : path.substring(PATH.length());
                if (!file.matches("[a-z]+\\.(html|js|css)")) return false;
                try (InputStream in = Console.class.getResourceAsStream(file)) {
                    if (in == null) return false;
                    byte[] body = in.readAllBytes();
                    response.setStatus(200);
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, TYPES.get(file.substring(file.indexOf('.') + 1)));
                    // Everything shown comes from fetch() and is set as text: nothing else may run on the page.
                    response.getHeaders().put("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'");
                    response.getHeaders().put("X-Content-Type-Options", "nosniff");
                    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
                    response.write(true, ByteBuffer.wrap(body), callback);
                    return true;
                }
            }
        });
        transport.guardedRoute(PATH + "api/state", new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                json(response, callback, 200, state());
                return true;
            }
        });
        post(transport, "call", "{\"tool\": NAME, \"arguments\": {...}}", body ->
                session.request(ClientRequests.TOOLS_CALL,
                        Map.of("name", text(body, "tool"), "arguments", object(body, "arguments"))));
        post(transport, "prompt", "{\"name\": NAME, \"arguments\": {NAME: TEXT, ...}}", body -> {
            Map<?, ?> arguments = object(body, "arguments");
            arguments.forEach((name, value) -> {
                if (!(value instanceof String)) {
                    throw new Refused(400, "the prompt argument '" + name + "' must be text, as MCP passes prompt "
                            + "arguments");
                }
            });
            return session.request(ClientRequests.PROMPTS_GET,
                    Map.of("name", text(body, "name"), "arguments", arguments));
        });
        post(transport, "resource", "{\"uri\": URI}", body ->
                session.request(ClientRequests.RESOURCES_READ, Map.of("uri", text(body, "uri"))));
        post(transport, "reload", "{\"file\": PLUGIN FILE NAME}", body -> {
            String file = text(body, "file");
            try {
                return Map.of("reloaded", server.reloadPlugin(file), "file", file);
            } catch (IllegalArgumentException e) {
                throw new Refused(404, e.getMessage());
            } catch (IllegalStateException e) {
                throw new Refused(409, "plugin file " + file + " was not reloaded (its previous version, if any, "
                        + "keeps serving): " + e.getMessage());
            }
        });
        post(transport, "end-session", "{\"id\": SESSION NUMBER}", body -> {
            String id = text(body, "id");
            var refused = server.endSession(id, "ended from the console");
            if (refused.isPresent()) {
                throw new Refused(refused.get().startsWith("no session") ? 404 : 409, refused.get());
            }
            return Map.of("ended", id);
        });
    }

    /** Routes {@code POST api/NAME}, behind the guards, to {@code action}; {@code usage} says what to POST. */
    private static void post(Routes transport, String name, String usage, Action action) {
        transport.guardedRoute(PATH + "api/" + name, new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                if (!HttpMethod.POST.is(request.getMethod())) {
                    response.getHeaders().put(HttpHeader.ALLOW, "POST");
                    json(response, callback, 405, Map.of("error", "POST a JSON object " + usage));
                    return true;
                }
                try {
                    json(response, callback, 200, action.run(body(request, usage)));
                } catch (Refused e) {
                    json(response, callback, e.status, Map.of("error", e.getMessage()));
                }
                return true;
            }
        });
    }

    private static Map<?, ?> body(Request request, String usage) throws IOException {
        long length = request.getLength();
        String tooBig = "the body is over " + MAX_BODY_BYTES + " bytes";
        if (length > MAX_BODY_BYTES) throw new Refused(413, tooBig);
        ByteBuffer buffer = Content.Source.asByteBuffer(request);
        if (buffer.remaining() > MAX_BODY_BYTES) throw new Refused(413, tooBig);
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        Object tree;
        try {
            tree = CODEC.parse(bytes);
        } catch (RuntimeException e) {
            throw new Refused(400, "the body is not JSON (" + e.getMessage() + "); POST a JSON object " + usage);
        }
        if (!(tree instanceof Map<?, ?> body)) throw new Refused(400, "POST a JSON object " + usage);
        return body;
    }

    /** The text member {@code name} of {@code body}; refused when it is missing, empty or not text. */
    static String text(Map<?, ?> body, String name) {
        if (!(body.get(name) instanceof String value) || value.isEmpty()) {
            throw new Refused(400, "\"" + name + "\" must be a non-empty string");
        }
        return value;
    }

    /** The object member {@code name} of {@code body}, empty when absent; refused when it is not an object. */
    static Map<?, ?> object(Map<?, ?> body, String name) {
        Object value = body.get(name);
        if (value == null) return Map.of();
        if (!(value instanceof Map<?, ?> object)) throw new Refused(400, "\"" + name + "\" must be a JSON object");
        return object;
    }

    /** Everything the page shows, as one JSON object. */
    Map<String, Object> state() {
        var state = new LinkedHashMap<String, Object>();
        state.put("server", Map.of("name", server.options().name(), "version", server.options().version(),
                "started", started.toString(), "plugins", server.options().pluginsDirectory().toString()));
        var loaded = new ArrayList<Map<String, Object>>();
        server.loadedPlugins().forEach((file, name) -> loaded.add(Map.of("name", name, "file", file.getFileName().toString(),
                "log", calls.pluginLines(name))));
        var failed = new ArrayList<Map<String, Object>>();
        server.failedPlugins().forEach((file, why) -> failed.add(Map.of("file", file.getFileName().toString(), "reason", why)));
        server.runawayPlugins().forEach((file, why) -> failed.add(Map.of("file", file.getFileName().toString(),
                "reason", "runaway, its new calls are refused (run it with isolation=process): " + why)));
        state.put("plugins", loaded);
        state.put("failed", failed);
        Catalog catalog = server.catalog();
        state.put("tools", catalog.tools().stream().map(served -> {
            Tool t = served.declaration();
            var tool = new LinkedHashMap<String, Object>();
            tool.put("name", t.name());
            tool.put("description", orEmpty(t.description()));
            tool.put("plugin", served.plugin());
            tool.put("inputSchema", t.inputSchema() == null ? Map.of() : t.inputSchema());
            return tool;
        }).toList());
        state.put("prompts", catalog.prompts().stream().map(served -> {
            Prompt p = served.declaration();
            var prompt = new LinkedHashMap<String, Object>();
            prompt.put("name", p.name());
            prompt.put("description", orEmpty(p.description()));
            prompt.put("plugin", served.plugin());
            prompt.put("arguments", p.arguments() == null ? List.of() : p.arguments().stream()
                    .map(a -> Map.of("name", a.name(), "description", orEmpty(a.description()),
                            "required", Boolean.TRUE.equals(a.required()))).toList());
            return prompt;
        }).toList());
        state.put("resources", catalog.resources().stream().map(served -> Map.of("uri", served.declaration().uri(),
                "name", orEmpty(served.declaration().name()), "description",
                orEmpty(served.declaration().description()), "plugin", served.plugin())).toList());
        state.put("templates", catalog.templates().stream().map(served -> {
            ResourceTemplate t = served.declaration();
            return Map.of("uriTemplate", t.uriTemplate(), "name", t.name(), "description", orEmpty(t.description()),
                    "variables", new UriTemplate(t.uriTemplate()).variables(), "plugin", served.plugin());
        }).toList());
        Instant now = Instant.now();
        String own = session.id();
        state.put("sessions", server.sessions().stream().map(s -> {
            var summary = new LinkedHashMap<String, Object>();
            summary.put("id", s.id());
            summary.put("client", s.clientName() == null ? "" : s.clientName() + " " + s.clientVersion());
            summary.put("protocolVersion", s.protocolVersion() == null ? "" : s.protocolVersion());
            summary.put("inFlight", s.inFlight());
            summary.put("opened", s.opened().toString());
            summary.put("ageSeconds", Duration.between(s.opened(), now).toSeconds());
            summary.put("console", s.id().equals(own));
            return summary;
        }).toList());
        state.put("calls", calls.list());
        DevBuild build = devBuild;
        state.put("build", build == null ? null : build.last());
        return state;
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    private static void json(Response response, Callback callback, int status, Object body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(CODEC.writeValueAsString(body).getBytes(StandardCharsets.UTF_8)), callback);
    }
}
