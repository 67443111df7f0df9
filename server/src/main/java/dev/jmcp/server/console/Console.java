package dev.jmcp.server.console;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallObserver;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.session.Connection;
import dev.jmcp.server.session.ServerSession;
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
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The web console of one server on one HTTP transport. {@link #install} it before the transport starts. The page
 * and its script are static; {@code GET /console/api/state} and {@code POST /console/api/call} carry the data and
 * pass the transport's guards (authorization). Thread-safe.
 */
public final class Console {
    static final String PATH = "/console/";
    private static final int RECENT = 100;
    private static final long CALL_TIMEOUT_SECONDS = 120;
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8");

    private final McpServer server;
    private final Instant started = Instant.now();
    private final ArrayDeque<Map<String, Object>> recent = new ArrayDeque<>();
    private final AtomicLong callIds = new AtomicLong();
    private final Map<RequestId, CompletableFuture<JsonRpcMessage>> pending = new ConcurrentHashMap<>();
    private volatile ServerSession session;

    public Console(McpServer server) {
        this.server = server;
        server.observe(new RecentCalls());
    }

    /** Serves the console at {@code /console/} on {@code transport}. */
    public void install(HttpTransport transport) {
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
        transport.guardedRoute(PATH + "api/call", new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                if (!HttpMethod.POST.is(request.getMethod())) {
                    json(response, callback, 405, Map.of("error", "POST a JSON object {tool, arguments}"));
                    return true;
                }
                Object body;
                try {
                    ByteBuffer buffer = Content.Source.asByteBuffer(request);
                    byte[] bytes = new byte[buffer.remaining()];
                    buffer.get(bytes);
                    body = CODEC.parse(bytes);
                } catch (RuntimeException e) {
                    json(response, callback, 400, Map.of("error", "the body is not JSON: " + e.getMessage()));
                    return true;
                }
                if (!(body instanceof Map<?, ?> call) || !(call.get("tool") instanceof String tool)) {
                    json(response, callback, 400, Map.of("error", "give {\"tool\": NAME, \"arguments\": {...}}"));
                    return true;
                }
                Object arguments = call.get("arguments") == null ? Map.of() : call.get("arguments");
                json(response, callback, 200, callTool(tool, arguments));
                return true;
            }
        });
    }

    /** Everything the page shows, as one JSON object. */
    Map<String, Object> state() {
        var state = new LinkedHashMap<String, Object>();
        state.put("server", Map.of("name", server.options().name(), "version", server.options().version(),
                "started", started.toString(), "plugins", server.options().pluginsDirectory().toString()));
        var loaded = new ArrayList<Map<String, Object>>();
        server.loadedPlugins().forEach((file, name) -> loaded.add(Map.of("name", name, "file", file.getFileName().toString())));
        var failed = new ArrayList<Map<String, Object>>();
        server.failedPlugins().forEach((file, why) -> failed.add(Map.of("file", file.getFileName().toString(), "reason", why)));
        server.runawayPlugins().forEach((file, why) -> failed.add(Map.of("file", file.getFileName().toString(),
                "reason", "runaway, its new calls are refused (run it with isolation=process): " + why)));
        state.put("plugins", loaded);
        state.put("failed", failed);
        Registry registry = server.registry();
        state.put("tools", registry.tools().stream().map(t -> {
            var tool = new LinkedHashMap<String, Object>();
            tool.put("name", t.tool().name());
            tool.put("description", t.tool().description() == null ? "" : t.tool().description());
            tool.put("plugin", t.owner().name());
            tool.put("inputSchema", t.tool().inputSchema() == null ? Map.of() : t.tool().inputSchema());
            return tool;
        }).toList());
        state.put("prompts", registry.prompts().stream().map(p -> Map.of("name", p.prompt().name(), "description",
                p.prompt().description() == null ? "" : p.prompt().description(), "plugin", p.owner().name())).toList());
        state.put("resources", registry.resources().stream().map(r -> Map.of("uri", r.resource().uri(), "name",
                r.resource().name() == null ? "" : r.resource().name(), "plugin", r.owner().name())).toList());
        state.put("sessions", server.sessions().stream().map(s -> {
            var summary = new LinkedHashMap<String, Object>();
            summary.put("id", s.id());
            summary.put("client", s.clientName() == null ? "" : s.clientName() + " " + s.clientVersion());
            summary.put("protocolVersion", s.protocolVersion() == null ? "" : s.protocolVersion());
            summary.put("inFlight", s.inFlight());
            return summary;
        }).toList());
        synchronized (recent) {
            state.put("calls", new ArrayList<>(recent));
        }
        return state;
    }

    /** Calls {@code tool} through the console's own session, as any client would, and returns the answer. */
    private Map<String, Object> callTool(String tool, Object arguments) throws InterruptedException {
        ServerSession console = session();
        var id = RequestId.of(callIds.incrementAndGet());
        var answer = new CompletableFuture<JsonRpcMessage>();
        pending.put(id, answer);
        try {
            receive(console, Map.of("jsonrpc", "2.0", "id", id.value(), "method", "tools/call",
                    "params", Map.of("name", tool, "arguments", arguments)));
            Object tree = CODEC.parse(CODEC.encode(answer.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)));
            @SuppressWarnings("unchecked")
            var response = (Map<String, Object>) tree;
            return response;
        } catch (TimeoutException e) {
            return Map.of("error", Map.of("message", "no answer within " + CALL_TIMEOUT_SECONDS + " s"));
        } catch (java.util.concurrent.ExecutionException e) {
            return Map.of("error", Map.of("message", String.valueOf(e.getCause())));
        } finally {
            pending.remove(id);
        }
    }

    /** The console's own session, opened and initialized at its first call. */
    private synchronized ServerSession session() throws InterruptedException {
        if (session != null) return session;
        var opened = server.openSession(new Connection() {
            @Override
            public void send(JsonRpcMessage message, RequestId relatedRequest) {
                RequestId id = message instanceof dev.jmcp.protocol.jsonrpc.JsonRpcAnswer answer ? answer.id() : null;
                var waiting = id == null ? null : pending.get(id);
                if (waiting != null) waiting.complete(message);
            }

            @Override
            public void sendBatch(List<JsonRpcMessage> responses) {
                responses.forEach(r -> send(r, null));
            }
        });
        var init = new CompletableFuture<JsonRpcMessage>();
        var initId = RequestId.of("console-initialize");
        pending.put(initId, init);
        receive(opened, Map.of("jsonrpc", "2.0", "id", "console-initialize", "method", "initialize", "params",
                Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of(),
                        "clientInfo", Map.of("name", "jmcp-console", "version", server.options().version()))));
        try {
            init.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the console's session did not initialize", e);
        } finally {
            pending.remove(initId);
        }
        receive(opened, Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
        session = opened;
        return opened;
    }

    private static void receive(ServerSession session, Map<String, Object> message) {
        byte[] bytes = CODEC.writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    private static void json(Response response, Callback callback, int status, Object body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(CODEC.writeValueAsString(body).getBytes(StandardCharsets.UTF_8)), callback);
    }

    /** Keeps the last {@link #RECENT} calls for the page. */
    private final class RecentCalls implements CallObserver {
        @Override
        public CallSpan start(CallInfo call) {
            return outcome -> {
                var entry = new LinkedHashMap<String, Object>();
                entry.put("at", Instant.now().toString());
                entry.put("method", call.method());
                entry.put("target", call.target() == null ? "" : call.target());
                String plugin = server.pluginOf(call);
                entry.put("plugin", plugin == null ? "" : plugin);
                entry.put("session", call.session() == null ? "" : call.session());
                entry.put("outcome", outcome.kind().name().toLowerCase(java.util.Locale.ROOT));
                entry.put("error", outcome.kind() == CallOutcome.Kind.ERROR && outcome.errorMessage() != null
                        ? outcome.errorMessage() : "");
                entry.put("durationMs", Math.round((outcome.endNanos() - call.startNanos()) / 1e4) / 100.0);
                synchronized (recent) {
                    recent.addFirst(entry);
                    while (recent.size() > RECENT) recent.removeLast();
                }
            };
        }
    }
}
