package dev.jmcp.server.session;

import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.skills.SkillMethods;
import dev.jmcp.server.tasks.TaskMethods;
import dev.jmcp.server.tasks.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine's side of the stateless revision (2026-07-28): every request carries its revision, client and
 * capabilities in {@code params._meta}; there is no session. A transport checks a request in the order the revision
 * prescribes — {@link #envelope} (-32602 when {@code _meta} lacks what it must hold), its own header checks,
 * {@link #checkVersion} (-32022), then {@link #serve}, which answers -32601 for methods the revision does not have and
 * -32021 when serving needs a client capability this request did not declare. Thread-safe.
 */
public final class StatelessRequests {
    private static final Logger log = LoggerFactory.getLogger(StatelessRequests.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    /** Methods of the stateful revisions that 2026-07-28 removed: each answers -32601 on the stateless wire. */
    private static final Set<String> REMOVED = Set.of("initialize", "ping", "logging/setLevel", "resources/subscribe",
            "resources/unsubscribe");
    /** Results that carry cache hints, with how long a client may keep them. */
    private static final Map<String, Long> CACHEABLE = Map.of("server/discover", 60_000L, "tools/list", 60_000L,
            "prompts/list", 60_000L, "resources/list", 60_000L, "resources/templates/list", 60_000L,
            // A read may answer differently every time (bacio:///quote does): never reuse one.
            "resources/read", 0L,
            // The skills extension's listings change only when a plugin does.
            "skills/list", 60_000L, "skills/get", 60_000L, "resources/directory/read", 60_000L);
    /** The requests that may answer input_required (MRTR). */
    private static final Set<String> ASKS_FOR_INPUT = Set.of("tools/call", "prompts/get", "resources/read");
    private static final List<String> SUPPORTED = Arrays.stream(ProtocolVersion.values()).map(ProtocolVersion::wire).toList();

    private final Engine engine;
    private final RequestStates states;
    private final Subscriptions subscriptions = new Subscriptions();
    private final TaskMethods tasks = new TaskMethods(TaskStore.standard());

    StatelessRequests(Engine engine) {
        this.engine = engine;
        this.states = new RequestStates(() -> engine.sharedState().requestStateKeys());
    }

    Subscriptions subscriptions() {
        return subscriptions;
    }

    /** True when {@code request} speaks a stateless revision: its {@code _meta} names a protocol version. */
    public static boolean isStateless(JsonRpcRequest request) {
        return request.params() != null && request.params().get("_meta") instanceof Map<?, ?> meta
                && meta.containsKey(StatelessEnvelope.PROTOCOL_VERSION);
    }

    /** The declaration of tool {@code name} as currently served, for transports that check headers against it. */
    public java.util.Optional<dev.jmcp.protocol.Tool> tool(String name) {
        return engine.registry().tool(name).map(dev.jmcp.server.registry.ToolEntry::tool);
    }

    /** Reads {@code params._meta}; throws a -32602 {@code JsonRpcException} naming what is missing or malformed. */
    public StatelessEnvelope envelope(JsonRpcRequest request) {
        if (request.params() == null || !(request.params().get("_meta") instanceof Map<?, ?> meta)) {
            throw invalidMeta(request, "has no params._meta; a 2026-07-28 request carries its protocol version and client"
                    + " capabilities there");
        }
        if (!(meta.get(StatelessEnvelope.PROTOCOL_VERSION) instanceof String version)) {
            throw invalidMeta(request, "lacks _meta[\"" + StatelessEnvelope.PROTOCOL_VERSION + "\"] (a string)");
        }
        if (!(meta.get(StatelessEnvelope.CLIENT_CAPABILITIES) instanceof Map<?, ?> raw)) {
            throw invalidMeta(request, "lacks _meta[\"" + StatelessEnvelope.CLIENT_CAPABILITIES + "\"] (an object)");
        }
        @SuppressWarnings("unchecked")
        var capabilities = (Map<String, Object>) raw;
        Implementation client = null;
        if (meta.get(StatelessEnvelope.CLIENT_INFO) instanceof Map<?, ?> info && info.get("name") instanceof String name) {
            client = new Implementation(name, info.get("title") instanceof String t ? t : null,
                    info.get("version") instanceof String v ? v : "");
        }
        LoggingLevel level = null;
        Object wanted = meta.get(StatelessEnvelope.LOG_LEVEL);
        if (wanted != null) {
            level = wanted instanceof String s ? LoggingLevel.fromWire(s).orElse(null) : null;
            if (level == null) throw invalidMeta(request, "has an unknown log level " + CODEC.writeValueAsString(wanted));
        }
        return new StatelessEnvelope(version, client, capabilities, level);
    }

    private static JsonRpcException invalidMeta(JsonRpcRequest request, String problem) {
        return JsonRpcException.invalidParams("Invalid params: the " + request.method() + " request " + problem);
    }

    /** Throws a -32022 {@code JsonRpcException} (data: supported, requested) when the revision is not served. */
    public void checkVersion(StatelessEnvelope envelope) {
        boolean served = ProtocolVersion.fromWire(envelope.protocolVersion()).filter(ProtocolVersion::isStateless)
                .isPresent();
        if (!served) {
            throw new JsonRpcException(ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version '"
                    + envelope.protocolVersion() + "': without a session this server speaks 2026-07-28; the stateful "
                    + "revisions start with initialize", Map.of("supported", SUPPORTED, "requested",
                    envelope.protocolVersion()));
        }
    }

    /**
     * Serves {@code request} on its own virtual thread and returns at once; its messages go to {@code reply}, the
     * response last (none for a cancelled call; a {@code subscriptions/listen} stream until cancelled).
     */
    public StatelessCall serve(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply) {
        var work = new InFlight();
        serve(request, envelope, reply, work);
        return work::cancel;
    }

    /** As {@link #serve(JsonRpcRequest, StatelessEnvelope, StatelessReply)}, tracked by the caller's {@code work}. */
    void serve(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply, InFlight work) {
        if (request.method().equals("subscriptions/listen")) {
            try {
                StatelessCall listening = subscriptions.listen(request.id(),
                        new Params(request.method(), request.params()), reply);
                work.onCancel(() -> {
                    listening.cancel();
                    reply.done();
                });
            } catch (JsonRpcException e) {
                reply.send(new JsonRpcErrorResponse(request.id(), e.toError()));
                reply.done();
            }
            return;
        }
        Thread.ofVirtual().name("mcp-" + request.method() + "-" + request.id()).start(() -> {
            work.start(Thread.currentThread());
            CallSpan span = engine.startCall(request, envelope.protocolVersion(), null);
            JsonRpcMessage sent = null;
            try {
                JsonRpcMessage response;
                try {
                    response = answer(request, envelope, reply, work);
                } catch (Throwable failure) {
                    // Whatever a handler throws, the request gets its one answer and its slot back.
                    response = Failures.response(request.id(), request.method(), failure);
                }
                if (!work.cancelled()) {
                    try {
                        reply.send(response);
                        sent = response;
                    } catch (VirtualMachineError e) {
                        // A result too large for the heap to encode: the request still gets one answer.
                        response = null;
                        sent = Failures.unsendable(request.id(), request.method(), e);
                        reply.send(sent);
                    }
                }
            } finally {
                Engine.endCall(span, sent);
                reply.done();
            }
        });
    }

    private JsonRpcMessage answer(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply,
                                  InFlight work) {
        RequestId id = request.id();
        String method = request.method();
        if (TaskMethods.handles(method)) return taskMethod(request, envelope);
        if (SkillMethods.handles(method)) return skillMethod(request);
        MethodHandler handler = REMOVED.contains(method) ? null : engine.handler(method);
        if (handler == null && !method.equals("server/discover")) {
            String why = REMOVED.contains(method) ? "2026-07-28 removed '" + method + "' (it belongs to the stateful "
                    + "revisions, which start with initialize)" : "unknown method '" + method + "'";
            return error(id, ErrorCodes.METHOD_NOT_FOUND, "Method not found: " + why, null);
        }
        if (method.equals("tools/call")) {
            TaskSupport support = taskSupport(request);
            boolean optedIn = declaresTasks(envelope);
            if (support == TaskSupport.REQUIRED && !optedIn) {
                return error(id, ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: this tool runs only"
                        + " as a task, and the request's clientCapabilities do not declare the extension "
                        + TaskMethods.EXTENSION, Map.of("requiredCapabilities", Map.of("extensions",
                        Map.of(TaskMethods.EXTENSION, Map.of()))));
            }
            if (support != TaskSupport.NONE && optedIn) return asTask(request, envelope, reply, work, handler);
        }
        return call(request, envelope, reply, work, handler, null);
    }

    /**
     * A {@code tools/call} that may become a task: the handler runs on a worker thread, and this thread answers with
     * whatever the call decides first — a task, once the handler calls {@code startTask}, or the call's own answer.
     */
    private JsonRpcMessage asTask(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply,
                                  InFlight work, MethodHandler handler) {
        var run = new TaskRun(tasks.store(), request.id());
        InFlight worker = run.worker();
        // Progress and log messages go on the request's response only while it is open, that is until the task exists.
        StatelessReply untilTask = message -> {
            if (!run.started()) reply.send(message);
        };
        Thread.ofVirtual().name("mcp-task-" + request.id()).start(() -> {
            worker.start(Thread.currentThread());
            JsonRpcMessage outcome = null;
            try {
                outcome = call(request, envelope, untilTask, worker, handler, run);
            } catch (Throwable failure) {
                // Whatever the handler throws, the request (or the task) gets its one answer.
                outcome = Failures.response(request.id(), request.method(), failure);
            } finally {
                run.finish(outcome);
            }
        });
        try {
            return run.awaitAnswer();
        } catch (InterruptedException e) {
            // The request was cancelled before it got its answer: so is the call, or the task it just started.
            run.abandon();
            return error(request.id(), ErrorCodes.INTERNAL_ERROR, "Internal error: tools/call was cancelled", null);
        }
    }

    /** A response another instance gave as a tree ({@code result} or {@code error}), under this request's id. */
    private static JsonRpcMessage fromTree(RequestId id, Map<String, Object> answer) {
        if (answer.get("error") instanceof Map<?, ?> error) {
            return new JsonRpcErrorResponse(id, new dev.jmcp.protocol.jsonrpc.JsonRpcError(
                    error.get("code") instanceof Number n ? n.intValue() : ErrorCodes.INTERNAL_ERROR,
                    String.valueOf(error.get("message")), error.get("data")));
        }
        return new JsonRpcResponse(id, answer.get("result"));
    }

    /**
     * This instance's answer to another's question about a task it holds (see {@link
     * dev.jmcp.server.state.SharedState#askTaskOwner}); null when it does not hold it.
     */
    Map<String, Object> serveForOtherInstance(String taskId, String method, Map<String, Object> params) {
        if (tasks.store().get(taskId).isEmpty()) return null;
        try {
            return Map.of("result", CODEC.toTree(tasks.serve(method, params)));
        } catch (JsonRpcException e) {
            var error = new LinkedHashMap<String, Object>();
            error.put("code", e.toError().code());
            error.put("message", e.toError().message());
            if (e.toError().data() != null) error.put("data", e.toError().data());
            return Map.of("error", error);
        }
    }

    /** Cancels every task and refuses new ones: the server is shutting down. */
    void close() {
        tasks.store().close();
    }

    private static boolean declaresTasks(StatelessEnvelope envelope) {
        return envelope.clientCapabilities().get("extensions") instanceof Map<?, ?> extensions
                && extensions.get(TaskMethods.EXTENSION) != null;
    }

    private TaskSupport taskSupport(JsonRpcRequest request) {
        Object name = request.params() == null ? null : request.params().get("name");
        return name instanceof String s ? engine.registry().tool(s).map(ToolEntry::taskSupport).orElse(TaskSupport.NONE)
                : TaskSupport.NONE;
    }

    /** {@code tasks/get}, {@code tasks/update}, {@code tasks/cancel}: only for a request that declares the extension. */
    private JsonRpcMessage taskMethod(JsonRpcRequest request, StatelessEnvelope envelope) {
        if (!declaresTasks(envelope)) {
            return error(request.id(), ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: "
                    + request.method() + " belongs to the extension " + TaskMethods.EXTENSION + ", which this request's"
                    + " clientCapabilities do not declare", Map.of("requiredCapabilities", Map.of("extensions",
                    Map.of(TaskMethods.EXTENSION, Map.of()))));
        }
        try {
            if (request.params() != null && request.params().get("taskId") instanceof String id
                    && tasks.store().get(id).isEmpty()) {
                // Not held here: another instance behind the same balancer may hold it.
                var answered = engine.sharedState().askTaskOwner(id, request.method(), request.params());
                if (answered.isPresent()) return fromTree(request.id(), answered.get());
            }
            return new JsonRpcResponse(request.id(), tasks.serve(request.method(), request.params()));
        } catch (JsonRpcException e) {
            return new JsonRpcErrorResponse(request.id(), e.toError());
        }
    }

    /** {@code skills/list}, {@code skills/get}, {@code resources/directory/read}: complete results with cache hints. */
    private JsonRpcMessage skillMethod(JsonRpcRequest request) {
        try {
            // Built per request: the engine's options are not yet set while it constructs this object.
            var result = new SkillMethods(engine.options().pageSize()).serve(request.method(), new Params(request.method(), request.params()),
                    engine.registry());
            return new JsonRpcResponse(request.id(), complete(request.method(), result));
        } catch (JsonRpcException e) {
            return new JsonRpcErrorResponse(request.id(), e.toError());
        }
    }

    private JsonRpcMessage call(JsonRpcRequest request, StatelessEnvelope envelope, StatelessReply reply,
                                InFlight work, MethodHandler handler, TaskRun run) {
        RequestId id = request.id();
        String method = request.method();
        try {
            var params = new Params(method, request.params());
            if (method.equals("server/discover")) return new JsonRpcResponse(id, discover());
            var exchange = new StatelessExchange(engine, envelope, reply, states, request, params, run);
            Object result;
            try {
                result = handler.handle(new Call(exchange, id, params, engine.registry(), work));
            } catch (InputRequiredSignal signal) {
                // "Servers MUST NOT send InputRequiredResult responses on any other client requests."
                if (!ASKS_FOR_INPUT.contains(method)) {
                    return error(id, ErrorCodes.INTERNAL_ERROR, "Internal error: " + method + " cannot ask the "
                            + "client for input in 2026-07-28; only tools/call, prompts/get and resources/read can", null);
                }
                return new JsonRpcResponse(id, exchange.inputRequired(signal.missing()));
            }
            return new JsonRpcResponse(id, complete(method, result));
        } catch (MissingCapabilitySignal signal) {
            var required = new LinkedHashMap<String, Object>();
            signal.capabilities().forEach(c -> required.put(c, Map.of()));
            return error(id, ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: serving " + method
                    + " needs " + String.join(", ", signal.capabilities()) + ", which this request's "
                    + "clientCapabilities do not declare", Map.of("requiredCapabilities", required));
        } catch (Throwable failure) {
            return Failures.response(id, method, failure);
        }
    }

    /** A complete result as 2026-07-28 writes it: {@code resultType}, and cache hints on lists and reads. */
    private static Map<String, Object> complete(String method, Object result) {
        var tree = new LinkedHashMap<String, Object>(CODEC.toTree(result));
        tree.put("resultType", "complete");
        Long ttl = CACHEABLE.get(method);
        if (ttl != null) {
            tree.put("ttlMs", ttl);
            tree.put("cacheScope", "public");
        }
        return tree;
    }

    private Map<String, Object> discover() {
        var result = new LinkedHashMap<String, Object>();
        result.put("resultType", "complete");
        result.put("supportedVersions", SUPPORTED);
        var capabilities = new LinkedHashMap<>(engine.capabilities(ProtocolVersion.V2026_07_28));
        // Extensions are advertised here, not as a v1-style capabilities.tasks.
        var extensions = new LinkedHashMap<String, Object>();
        extensions.put(TaskMethods.EXTENSION, Map.of());
        // Declared only with a skill to show: a declaring server without one fails the extension's checks.
        if (!engine.registry().skills().isEmpty()) extensions.put(SkillMethods.EXTENSION, SkillMethods.CAPABILITY);
        capabilities.put("extensions", extensions);
        result.put("capabilities", capabilities);
        result.put("_meta", Map.of(StatelessEnvelope.SERVER_INFO, Map.of("name", engine.options().name(),
                "version", engine.options().version())));
        result.put("ttlMs", CACHEABLE.get("server/discover"));
        result.put("cacheScope", "public");
        return result;
    }

    private static JsonRpcErrorResponse error(RequestId id, int code, String message, Object data) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(code, message, data));
    }
}
