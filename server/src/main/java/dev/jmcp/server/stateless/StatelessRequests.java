package dev.jmcp.server.stateless;

import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Host;
import dev.jmcp.server.session.InFlight;
import dev.jmcp.server.session.Params;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.session.ServedNotification;
import dev.jmcp.server.session.Pipeline;
import dev.jmcp.server.session.StatelessWire;

import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.protocol.DiscoverResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.state.SharedStateUnavailableException;
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
 * capabilities in {@code params._meta}; there is no session. Every transport enters through {@link #admit}, which
 * checks a request in the order the revision prescribes — its envelope (-32602 when {@code _meta} lacks what it must
 * hold), the transport's own header checks, the revision (-32022) — and gives the {@link Pipeline.Wire} the
 * {@link Pipeline} checks and runs it on: -32601 for methods the revision does not have, -32021 when serving needs a
 * client capability this request did not declare. Thread-safe.
 */
public final class StatelessRequests implements StatelessWire {
    private static final Logger log = LoggerFactory.getLogger(StatelessRequests.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private static final List<String> SUPPORTED = Arrays.stream(ProtocolVersion.values()).map(ProtocolVersion::wire).toList();

    private final Host engine;
    private final RequestStates states;
    private final Subscriptions subscriptions = new Subscriptions();
    private final TaskMethods tasks = new TaskMethods(TaskStore.standard());

    /** The stateless revision as {@code engine} serves it; made once, by the engine. */
    public StatelessRequests(Host engine) {
        this.engine = engine;
        this.states = new RequestStates(this::requestStateKeys);
        tasks.store().recordWith((id, view, expiresAt) -> engine.sharedState().recordTask(id, view, expiresAt));
    }

    /** The request-state keys; a -32000 (503 over HTTP) while the store that agrees them cannot be reached. */
    private List<byte[]> requestStateKeys() {
        try {
            return engine.sharedState().requestStateKeys();
        } catch (SharedStateUnavailableException e) {
            throw new JsonRpcException(ErrorCodes.SERVER_BUSY, "Server busy: " + e.getMessage()
                    + "; retry in a moment", null);
        }
    }

    /** The engine serving these requests. */
    Host host() {
        return engine;
    }

    /** The open {@code subscriptions/listen} streams and what they listen for. */
    public Subscriptions subscriptions() {
        return subscriptions;
    }

    @Override
    public boolean carries(JsonRpcRequest request) {
        return isStateless(request);
    }

    @Override
    public Pipeline.Wire admit(JsonRpcRequest request) {
        return admit(request, null);
    }

    /**
     * The one entry of every 2026-07-28 request, whichever transport brought it: reads its envelope (-32602 when
     * {@code _meta} lacks what it must hold), lets the transport check what it carries besides ({@code transportCheck},
     * null for none: HTTP compares its headers), then checks the revision (-32022). Returns the wire the request is
     * checked and run on by the {@link Pipeline}.
     *
     * @throws JsonRpcException with the error the request is answered with
     */
    public Pipeline.Wire admit(JsonRpcRequest request, java.util.function.Consumer<StatelessEnvelope> transportCheck) {
        StatelessEnvelope envelope = envelope(request);
        if (transportCheck != null) transportCheck.accept(envelope);
        checkVersion(envelope);
        return new EnvelopeWire(envelope);
    }

    /** True when {@code request} speaks a stateless revision: its {@code _meta} names a protocol version. */
    public static boolean isStateless(JsonRpcRequest request) {
        return request.params() != null && request.params().get("_meta") instanceof Map<?, ?> meta
                && meta.containsKey(StatelessEnvelope.PROTOCOL_VERSION);
    }

    /**
     * The declaration of tool {@code name} as the request {@link #admit} gave {@code admitted} for sees it, for
     * transports that check headers against it; the entry found is the one the call runs, not looked up again.
     */
    public java.util.Optional<dev.jmcp.protocol.Tool> tool(Pipeline.Wire admitted, String name) {
        ToolEntry entry = admitted instanceof EnvelopeWire wire ? wire.tool(name)
                : engine.registry().tool(name).orElse(null);
        return java.util.Optional.ofNullable(entry).map(ToolEntry::tool);
    }

    /** Reads {@code params._meta}; throws a -32602 {@code JsonRpcException} naming what is missing or malformed. */
    private StatelessEnvelope envelope(JsonRpcRequest request) {
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
    private void checkVersion(StatelessEnvelope envelope) {
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
     * The row of the method table for {@code name}, which says what a transport asks about a request before it is
     * served (the header naming its target, whether it streams); null when the server has no such method.
     */
    public ServedMethod method(String name) {
        return engine.method(name);
    }

    /**
     * The row of notification {@code name}, which says what the 2026-07-28 wire's refusal of it tells the client to
     * do instead; null when the server has no such notification.
     */
    public ServedNotification notification(String name) {
        return engine.methods().notification(name);
    }

    /**
     * One 2026-07-28 request's wire: its envelope says which client capabilities it declares. The check answers
     * -32601 for methods the revision does not have and -32021 for an extension's method the request does not
     * declare; the run decides whether a {@code tools/call} becomes a task and serves it with a {@link
     * StatelessCaller}.
     */
    private final class EnvelopeWire implements Pipeline.Wire {
        private final StatelessEnvelope envelope;
        /*
         * What the request sees of the registry, taken once: by the transport's header checks, or on the request's
         * thread. Handed from one thread to the other by starting that thread, never touched by two at once.
         */
        private Registry registry;
        private String toolName;
        private ToolEntry tool;

        EnvelopeWire(StatelessEnvelope envelope) {
            this.envelope = envelope;
        }

        Registry registry() {
            if (registry == null) registry = engine.registry();
            return registry;
        }

        /** Tool {@code name} in {@link #registry()}, looked up once; null when it has none. */
        ToolEntry tool(String name) {
            if (!name.equals(toolName)) {
                tool = registry().tool(name).orElse(null);
                toolName = name;
            }
            return tool;
        }

        @Override
        public String revision() {
            return envelope.protocolVersion();
        }

        @Override
        public String session() {
            return null;
        }

        @Override
        public JsonRpcMessage refusal(JsonRpcRequest request, ServedMethod method) {
            RequestId id = request.id();
            String name = request.method();
            if (method == null || !method.wires().stateless()) {
                String why = method == null ? "unknown method '" + name + "'" : "2026-07-28 removed '" + name + "' (it "
                        + "belongs to the stateful revisions, which start with initialize)";
                return error(id, ErrorCodes.METHOD_NOT_FOUND, "Method not found: " + why, null);
            }
            if (method.clientDeclares() && !declares(envelope, method.extension())) {
                return error(id, ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: " + name
                        + " belongs to the extension " + method.extension() + ", which this request's "
                        + "clientCapabilities do not declare", Map.of("requiredCapabilities", Map.of("extensions",
                        Map.of(method.extension(), Map.of()))));
            }
            return null;
        }

        @Override
        public JsonRpcMessage run(JsonRpcRequest request, ServedMethod method, InFlight work,
                                  java.util.function.Consumer<JsonRpcMessage> send) throws Exception {
            StatelessReply reply = send::accept;
            ToolEntry called = null;
            if (method.is(ServedMethod.Trait.BECOMES_TASK)) {
                String name = engine.calledTool(request.params());
                called = name == null ? null : tool(name);
                TaskSupport support = called == null ? TaskSupport.NONE : called.taskSupport();
                boolean optedIn = declares(envelope, TaskMethods.EXTENSION);
                if (support == TaskSupport.REQUIRED && !optedIn) {
                    return error(request.id(), ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: "
                            + "this tool runs only as a task, and the request's clientCapabilities do not declare the "
                            + "extension " + TaskMethods.EXTENSION, Map.of("requiredCapabilities", Map.of("extensions",
                            Map.of(TaskMethods.EXTENSION, Map.of()))));
                }
                if (support != TaskSupport.NONE && optedIn) {
                    return asTask(request, method, envelope, reply, work, registry(), called);
                }
            }
            return call(request, method, envelope, reply, work, null, registry(), called);
        }
    }

    /**
     * A {@code tools/call} that may become a task: the handler runs on a worker thread, and this thread answers with
     * whatever the call decides first — a task, once the handler calls {@code startTask}, or the call's own answer.
     */
    private JsonRpcMessage asTask(JsonRpcRequest request, ServedMethod method, StatelessEnvelope envelope,
                                  StatelessReply reply, InFlight work, Registry registry, ToolEntry tool) {
        var run = new TaskRun(tasks.store(), request.id());
        InFlight worker = run.worker();
        // Progress and log messages go on the request's response only while it is open, that is until the task exists.
        StatelessReply untilTask = message -> {
            if (!run.started()) reply.send(message);
        };
        Pipeline.runAside(request, "mcp-task-" + request.id(), () -> {
            worker.start(Thread.currentThread());
            return call(request, method, envelope, untilTask, worker, run, registry, tool);
        }, run::finish);
        try {
            return run.awaitAnswer();
        } catch (InterruptedException e) {
            // The request was cancelled before it got its answer: so is the call, or the task it just started.
            run.abandon();
            return error(request.id(), ErrorCodes.INTERNAL_ERROR, "Internal error: tools/call was cancelled", null);
        }
    }

    /** The result another instance gave as a tree ({@code result}), or its error ({@code error}) thrown. */
    private static Object fromTree(Map<String, Object> answer) {
        if (answer.get("error") instanceof Map<?, ?> error) {
            throw new JsonRpcException(error.get("code") instanceof Number n ? n.intValue() : ErrorCodes.INTERNAL_ERROR,
                    String.valueOf(error.get("message")), error.get("data"));
        }
        return answer.get("result");
    }

    /**
     * This instance's answer to another's question about a task it holds (see {@link
     * dev.jmcp.server.state.SharedState#askTaskOwner}); null when it does not hold it.
     */
    public Map<String, Object> serveForOtherInstance(String taskId, String method, Map<String, Object> params) {
        if (tasks.store().get(taskId).isEmpty()) return null;
        // The asking instance names the method; this one serves it as its own table's row does.
        if (!(engine.method(method) instanceof ServedMethod row && row.handler() instanceof TaskHandler handler)) {
            throw new IllegalArgumentException("not a tasks method: " + method);
        }
        try {
            return Map.of("result", CODEC.toTree(handler.held().serve(tasks, params)));
        } catch (JsonRpcException e) {
            var error = new LinkedHashMap<String, Object>();
            error.put("code", e.toError().code());
            error.put("message", e.toError().message());
            if (e.toError().data() != null) error.put("data", e.toError().data());
            return Map.of("error", error);
        }
    }

    public int tasksHeld() {
        return tasks.store().size();
    }

    /** Cancels every task and refuses new ones: the server is shutting down. */
    public void close() {
        tasks.store().close();
    }

    private static boolean declares(StatelessEnvelope envelope, String extension) {
        return envelope.clientCapabilities().get("extensions") instanceof Map<?, ?> extensions
                && extensions.get(extension) != null;
    }

    /**
     * A method of the tasks extension, as {@code handler} serves it, answered here or by the instance holding the
     * task, or from what the instance that held it recorded before it stopped.
     */
    public Object task(Params params, TaskHandler handler) {
        String id = Target.TASK.in(params.values());
        if (id != null && tasks.store().get(id).isEmpty()) {
            // Not held here: another instance behind the same balancer may hold it.
            var answered = engine.sharedState().askTaskOwner(id, params.method(), params.values());
            if (answered.isPresent()) return fromTree(answered.get());
            // Nobody holds it: if its instance stopped, what that instance recorded is what the client reads.
            var orphaned = engine.sharedState().orphanedTask(id);
            if (orphaned.isPresent()) return handler.orphaned().serve(orphaned.get());
        }
        return handler.held().serve(tasks, params.values());
    }

    /**
     * Serves one request; what its handler throws is the caller's to map, unless the handler needed input the request
     * did not bring ({@link StatelessCaller#unmet}): then that is the answer, whatever the handler did after.
     */
    private JsonRpcMessage call(JsonRpcRequest request, ServedMethod method, StatelessEnvelope envelope,
                                StatelessReply reply, InFlight work, TaskRun run, Registry registry, ToolEntry tool)
            throws Exception {
        RequestId id = request.id();
        var params = new Params(request.method(), request.params());
        var exchange = new StatelessCaller(this, envelope, reply, states, request, method, params, run);
        Object result;
        try {
            result = method.handler().handle(new Call(exchange, id, params, registry, work, tool));
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Exception | Error failure) {
            UnmetInput unmet = exchange.unmet();
            if (unmet == null) throw failure;
            return unmet(id, method, request.method(), exchange, unmet);
        }
        UnmetInput unmet = exchange.unmet();
        if (unmet != null) return unmet(id, method, request.method(), exchange, unmet);
        return new JsonRpcResponse(id, complete(method, result));
    }

    /** The answer to a call whose handler needed input the request did not bring. */
    private static JsonRpcMessage unmet(RequestId id, ServedMethod method, String name, StatelessCaller exchange,
                                        UnmetInput unmet) {
        return switch (unmet) {
            case UnmetInput.Required required -> {
                // "Servers MUST NOT send InputRequiredResult responses on any other client requests."
                if (!method.is(ServedMethod.Trait.ASKS_FOR_INPUT)) {
                    yield error(id, ErrorCodes.INTERNAL_ERROR, "Internal error: " + name + " cannot ask the "
                            + "client for input in 2026-07-28; only tools/call, prompts/get and resources/read can", null);
                }
                yield new JsonRpcResponse(id, exchange.inputRequired(required.missing()));
            }
            case UnmetInput.MissingCapability missing -> {
                var required = new LinkedHashMap<String, Object>();
                missing.capabilities().forEach(c -> required.put(c, Map.of()));
                yield error(id, ErrorCodes.MISSING_CLIENT_CAPABILITY, "Missing client capability: serving " + name
                        + " needs " + String.join(", ", missing.capabilities()) + ", which this request's "
                        + "clientCapabilities do not declare", Map.of("requiredCapabilities", required));
            }
        };
    }

    /** A complete result as 2026-07-28 writes it: {@code resultType}, and the cache hint the method table gives. */
    private static Map<String, Object> complete(ServedMethod method, Object result) {
        return WireShape.complete(CODEC.toTree(result), ProtocolVersion.V2026_07_28, method.cacheHint());
    }

    /** {@code server/discover}'s result; {@code resultType} and its cache hint are added like any other's. */
    public DiscoverResult discover() {
        var capabilities = new LinkedHashMap<>(engine.capabilities(ProtocolVersion.V2026_07_28));
        // Extensions are advertised here, not as a v1-style capabilities.tasks.
        capabilities.put("extensions", engine.methods().declaredExtensions(engine.registry()));
        return new DiscoverResult(SUPPORTED, capabilities, null,
                new Implementation(engine.options().name(), engine.options().version()));
    }

    private static JsonRpcErrorResponse error(RequestId id, int code, String message, Object data) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(code, message, data));
    }
}
