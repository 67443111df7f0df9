package dev.jmcp.client;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.client.transport.SessionExpiredException;
import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateTaskResult;
import dev.jmcp.protocol.DiscoverResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.InitializeResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.ServerNotifications;
import dev.jmcp.protocol.ServerRequests;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.IOException;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The JSON-RPC side of one client connection: numbers our requests, matches answers to them, cancels the ones their
 * caller gave up on, answers the server's requests with the caller's handlers and hands notifications to the
 * listener. Owned by one {@link McpClient}; thread-safe.
 *
 * <p>Threads: callers block in {@link #request} on their own thread; the transport's threads call {@link Inbound};
 * each server request runs on a virtual thread of its own; notifications (and progress for a call's listener) are
 * delivered in order on one virtual thread, from a bounded queue, so a slow listener never stalls the connection. A
 * call returns once its listener has seen the progress the server sent before the answer.
 */
final class ClientSession implements Inbound {
    private static final System.Logger log = System.getLogger(ClientSession.class.getName());
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** Server requests answered at once; beyond it the server is told we are busy. */
    private static final int MAX_SERVER_REQUESTS = 64;
    /** Notifications waiting for a slow listener; beyond it they are dropped (with a log line). */
    private static final int MAX_QUEUED_NOTIFICATIONS = 10_000;

    private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    /** How long a subscriptions/listen request may stay unanswered: as long as the client wants it. */
    private static final Duration LISTENING = Duration.ofDays(365);

    private final ClientTransport transport;
    private final ClientOptions options;
    private final AtomicLong ids = new AtomicLong();
    private final Map<RequestId, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Pending> byProgressToken = new ConcurrentHashMap<>();
    private final Map<RequestId, Thread> serverRequests = new ConcurrentHashMap<>();
    private final Semaphore serverRequestPermits = new Semaphore(MAX_SERVER_REQUESTS);
    private final ThreadPoolExecutor deliveries;
    /** The thread that runs {@link #deliveries}' tasks, once it ran one. */
    private volatile Thread deliveryThread;
    private volatile IOException closedBecause;
    /** The open subscriptions/listen streams, by the id of their request (the subscription id). */
    private final Map<Long, Subscription> subscriptions = new ConcurrentHashMap<>();
    /** Results a stateless server said may be reused, until their time to live passes or a change is notified. */
    private final ResultCache cache = new ResultCache();
    /** Set while the conversation is stateless (2026-07-28 on): requests carry the _meta envelope, nothing else does. */
    private volatile ProtocolVersion stateless;
    /**
     * The envelope's client info and capabilities, built once: every stateless request carries them, and the options
     * do not change. Read-only, since each request's {@code _meta} holds the same maps.
     */
    private final Map<String, Object> clientInfoTree;
    private final Map<String, Object> statelessCapabilities;

    ClientSession(ClientTransport transport, ClientOptions options) {
        this.transport = transport;
        this.options = options;
        this.clientInfoTree = Collections.unmodifiableMap(CODEC.toTree(options.clientInfo()));
        this.statelessCapabilities = Collections.unmodifiableMap(options.statelessCapabilities());
        this.deliveries = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(MAX_QUEUED_NOTIFICATIONS),
                Thread.ofVirtual().name("mcp-client-notifications").factory(),
                (task, executor) -> {
                    if (task instanceof Delivery delivery) delivery.finished();
                    if (!executor.isShutdown()) {
                        log.log(System.Logger.Level.WARNING, "the notification listener is "
                                + MAX_QUEUED_NOTIFICATIONS + " notifications behind; dropped one");
                    }
                });
    }

    /**
     * Opens the conversation in the revision the options ask for: a stateless revision through {@code server/discover}
     * (falling back to {@code initialize} at the newest stateful revision when the server does not speak it), a
     * stateful one through {@code initialize}. The result tells the revision agreed.
     */
    InitializeResult open() throws IOException, InterruptedException {
        ProtocolVersion asked = options.protocolVersion();
        if (!asked.isStateless()) return initialize(asked);
        ProtocolVersion fallback = ProtocolVersion.LATEST_STATEFUL;
        try {
            InitializeResult discovered = discover(asked);
            if (discovered != null) return discovered;
        } catch (McpErrorException e) {
            // "Unsupported protocol version" names the ones the server speaks: the best of them we speak too.
            List<ProtocolVersion> supported = supportedIn(e);
            if (supported.isEmpty()) throw e;
            ProtocolVersion best = supported.getLast();
            if (best.isStateless()) {
                InitializeResult discovered = discover(best);
                if (discovered != null) return discovered;
            } else {
                revertToStateful();
                fallback = best;
            }
        }
        return initialize(fallback);
    }

    /** The revisions an {@code UnsupportedProtocolVersion} error lists that this client speaks, oldest first. */
    private static List<ProtocolVersion> supportedIn(McpErrorException e) {
        if (e.code() != ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION || !(e.data() instanceof Map<?, ?> data)
                || !(data.get("supported") instanceof List<?> supported)) {
            return List.of();
        }
        return supported.stream().map(String::valueOf).map(ProtocolVersion::fromWire).flatMap(Optional::stream)
                .sorted().toList();
    }

    /**
     * Asks {@code server/discover}; when the server lists {@code version}, every later request is stateless. Null
     * when the server does not speak it (an older server refuses the method or the request).
     */
    private InitializeResult discover(ProtocolVersion version) throws IOException, InterruptedException {
        stateless = version;
        transport.negotiated(version);
        Object tree;
        try {
            tree = send(ClientRequests.SERVER_DISCOVER, new HashMap<>(), null, options.discoverTimeout() != null
                    ? options.discoverTimeout() : handshakeTimeout(), false);
        } catch (McpErrorException e) {
            if (e.code() == ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION) throw e;
            log.log(System.Logger.Level.DEBUG, transport.describe() + " refused server/discover (" + e.getMessage()
                    + "); trying initialize");
            return revertToStateful();
        } catch (SessionExpiredException e) {
            log.log(System.Logger.Level.DEBUG, transport.describe() + " refused server/discover (" + e.getMessage()
                    + "); trying initialize");
            return revertToStateful();
        } catch (IOException e) {
            // A broken connection, or an authorization that failed, would fail initialize the same way: no fallback.
            if (closedBecause != null || e instanceof dev.jmcp.client.auth.AuthorizationException) throw e;
            log.log(System.Logger.Level.DEBUG, transport.describe() + " failed server/discover (" + e.getMessage()
                    + "); trying initialize");
            return revertToStateful();
        }
        DiscoverResult result = decode(ClientRequests.SERVER_DISCOVER, tree, DiscoverResult.class);
        if (result.supportedVersions() == null || !result.supportedVersions().contains(version.wire())) {
            log.log(System.Logger.Level.DEBUG, transport.describe() + " speaks " + result.supportedVersions()
                    + ", not " + version + "; trying initialize");
            return revertToStateful();
        }
        Implementation server = result.serverInfo() != null ? result.serverInfo() : metaServerInfo(result);
        if (server == null) server = new Implementation("unknown", "unknown");
        return new InitializeResult(version.wire(), result.capabilities(), server, result.instructions());
    }

    /** The server's identity as {@code _meta} gives it, or null. */
    private static Implementation metaServerInfo(DiscoverResult result) {
        if (result.meta() == null || !(result.meta().get(DiscoverResult.SERVER_INFO) instanceof Map<?, ?> info)) {
            return null;
        }
        try {
            return CODEC.fromTree(info, Implementation.class);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private InitializeResult revertToStateful() {
        stateless = null;
        transport.negotiated(null);
        return null;
    }

    /** The first request's bound: the longer of the connect and request timeouts. */
    private Duration handshakeTimeout() {
        return options.connectTimeout().compareTo(options.requestTimeout()) > 0
                ? options.connectTimeout() : options.requestTimeout();
    }

    /** Runs the initialize handshake; the result tells the negotiated revision. Not cancellable, as MCP requires. */
    private InitializeResult initialize(ProtocolVersion asked) throws IOException, InterruptedException {
        var params = new HashMap<String, Object>();
        params.put("protocolVersion", asked.wire());
        params.put("capabilities", options.capabilities());
        params.put("clientInfo", CODEC.toTree(options.clientInfo()));
        // The handshake includes the server's own start (a process, a cold JVM): bounded by the connect timeout
        // when that is the longer one, so a short request timeout does not fail a slow-starting server.
        Object tree = send(ClientRequests.INITIALIZE, params, null, handshakeTimeout(), false);
        InitializeResult result = decode(ClientRequests.INITIALIZE, tree, InitializeResult.class);
        // "If the client does not support the version in the server's response, it SHOULD disconnect."
        ProtocolVersion version = ProtocolVersion.statefulFromWire(result.protocolVersion()).orElseThrow(
                () -> new IOException("The server " + transport.describe() + " answered protocol version '"
                        + result.protocolVersion() + "', which this client does not speak (it speaks "
                        + ProtocolVersion.stateful() + ")"));
        if (result.serverInfo() == null) {
            throw new IOException("The server " + transport.describe() + " answered initialize without serverInfo");
        }
        transport.negotiated(version);
        notify(ClientNotifications.INITIALIZED, null);
        transport.sessionStarted();
        return result;
    }

    /** Sends a request and waits for its result tree; see {@link McpClient} for what each failure throws. */
    Object request(String method, Map<String, Object> params, Consumer<ServerNotification.Progress> progress,
                   Duration timeout) throws IOException, InterruptedException {
        boolean cacheable = stateless != null && progress == null && ResultCache.cacheable(method);
        if (cacheable) {
            Object kept = cache.fresh(method, params);
            if (kept != null) return kept;
        }
        Object tree = send(method, params, progress, timeout, true);
        // "Results produced by retrying a request through the multi round-trip requests mechanism MUST NOT be cached."
        if (cacheable && !InputRequired.isInputRequired(tree)) cache.offer(method, params, tree);
        for (int round = 1; stateless != null && InputRequired.isInputRequired(tree); round++) {
            if (round > InputRequired.MAX_ROUNDS) {
                throw new IOException("The server " + transport.describe() + " still asked for input after "
                        + InputRequired.MAX_ROUNDS + " rounds of " + method + "; gave up");
            }
            // "the client retries the original request with the matching inputResponses": a new request, the
            // original params, and the server's requestState handed back untouched.
            tree = send(method, InputRequired.retryParams(params, tree, inputRounds()), progress, timeout, true);
        }
        if (stateless != null && tree instanceof Map<?, ?> created && "task".equals(created.get("resultType"))) {
            if (options.taskCreated() != null) options.taskCreated().accept(decode(method, created, CreateTaskResult.class));
            return awaitTask(method, created);
        }
        return tree;
    }

    /**
     * Follows the task a request became (tasks extension) to its end, polling {@code tasks/get} at the interval the
     * server asks (clamped to 50 ms … 5 s), answering input requests through {@code tasks/update} with this client's
     * handlers: the task's result when it completes, its error (an {@link McpErrorException}) when it fails. Waits at
     * most the max request timeout; that, or an interrupt, cancels the task.
     */
    private Object awaitTask(String method, Map<?, ?> created) throws IOException, InterruptedException {
        if (!(created.get("taskId") instanceof String taskId)) {
            throw new IOException("The server " + transport.describe() + " made " + method + " a task without a taskId");
        }
        long deadline = System.nanoTime() + options.maxRequestTimeout().toNanos();
        Map<?, ?> task = created;
        try {
            while (true) {
                switch (String.valueOf(task.get("status"))) {
                    case "completed" -> {
                        if (task.get("result") instanceof Map<?, ?> result) return result;
                        throw new IOException("The server's task " + taskId + " for " + method
                                + " completed without its result");
                    }
                    case "failed" -> {
                        if (task.get("error") instanceof Map<?, ?> error) {
                            throw new McpErrorException(CODEC.fromTree(error, JsonRpcError.class));
                        }
                        throw new IOException("The server's task " + taskId + " for " + method + " failed, saying no why");
                    }
                    case "cancelled" -> throw new IOException("The server cancelled task " + taskId + " of " + method);
                    case "input_required" -> {
                        Map<String, Object> answers = InputRequired.answers(task.get("inputRequests"), inputRounds());
                        if (!answers.isEmpty()) {
                            send(ClientRequests.TASKS_UPDATE, Map.of("taskId", taskId, "inputResponses", answers), null,
                                    options.requestTimeout(), true);
                        }
                    }
                    default -> {
                    }
                }
                if (System.nanoTime() > deadline) {
                    cancelTask(taskId);
                    throw new RequestTimeoutException(method, options.maxRequestTimeout());
                }
                long interval = task.get("pollIntervalMs") instanceof Number n ? n.longValue() : 500;
                Thread.sleep(Math.clamp(interval, 50, 5_000));
                if (!(send(ClientRequests.TASKS_GET, Map.of("taskId", taskId), null, options.requestTimeout(), true)
                        instanceof Map<?, ?> polled)) {
                    throw new IOException("The server answered tasks/get for " + taskId + " with no task");
                }
                task = polled;
            }
        } catch (InterruptedException e) {
            cancelTask(taskId);
            throw e;
        }
    }

    /**
     * Sends {@code method} as a task-augmented request of the 2025-11-25 revision ({@code params.task}) and follows the
     * task to its end: polls {@code tasks/get} at the server's {@code pollInterval} (clamped to 50 ms … 5 s), hands each
     * change of status to the notification listener as a {@code notifications/tasks/status} (the server may send those
     * itself too), and once the task ends or needs input fetches {@code tasks/result}, which "MUST return exactly what
     * the underlying request would have returned". The request's progress token stays valid throughout: "The
     * progressToken provided in the initial request remains valid throughout the task lifetime." Waits at most the
     * max request timeout; that, or an interrupt, cancels the task ({@code tasks/cancel}).
     */
    Object requestAsTask(String method, Map<String, Object> params, Consumer<ServerNotification.Progress> progress,
                         Duration timeout) throws IOException, InterruptedException {
        RequestId id = RequestId.of(ids.incrementAndGet());
        String token = progress == null ? null : "progress-" + id.value();
        var augmented = new HashMap<String, Object>(params);
        augmented.put("task", Map.of());
        Map<String, Object> wire = token == null ? augmented : withProgressToken(augmented, token);
        var tracker = progress == null ? null : new Pending(id, method, progress);
        if (token != null) byProgressToken.put(token, tracker);
        String taskId = null;
        try {
            Object created = send(id, method, wire, null, timeout, true);
            if (!(created instanceof Map<?, ?> answer) || !(answer.get("task") instanceof Map<?, ?> task)
                    || !(task.get("taskId") instanceof String createdId)) {
                // A server may run a request it was free to run as a task as a plain one: that is its answer.
                return created;
            }
            taskId = createdId;
            long deadline = System.nanoTime() + options.maxRequestTimeout().toNanos();
            String shown = null;
            while (true) {
                String status = String.valueOf(task.get("status"));
                String seen = status + "\u0000" + task.get("statusMessage");
                if (!seen.equals(shown)) {
                    shown = seen;
                    announceTask(task);
                }
                switch (status) {
                    case "cancelled" -> throw new IOException("The server cancelled task " + taskId + " of " + method
                            + (task.get("statusMessage") instanceof String why ? ": " + why : ""));
                    case "completed", "failed", "input_required" -> {
                        // Blocks until the task ends; meanwhile the server's requests (an elicitation) reach the handlers.
                        Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
                        Object result = send(ClientRequests.TASKS_RESULT, Map.of("taskId", taskId), null, left, true);
                        taskId = null;
                        return result;
                    }
                    default -> {
                    }
                }
                if (System.nanoTime() > deadline) throw new RequestTimeoutException(method, options.maxRequestTimeout());
                long interval = task.get("pollInterval") instanceof Number n ? n.longValue() : 500;
                Thread.sleep(Math.clamp(interval, 50, 5_000));
                if (!(send(ClientRequests.TASKS_GET, Map.of("taskId", taskId), null, options.requestTimeout(), true)
                        instanceof Map<?, ?> polled)) {
                    throw new IOException("The server answered tasks/get for " + taskId + " with no task");
                }
                task = polled;
            }
        } catch (InterruptedException | RequestTimeoutException e) {
            if (taskId != null) cancelTask(taskId);
            throw e;
        } finally {
            if (token != null) byProgressToken.remove(token);
        }
    }

    /** A task's status as polled, to the notification listener, shaped as the server's own status notification. */
    private void announceTask(Map<?, ?> task) {
        Consumer<ServerNotification> listener = options.listener();
        if (listener == null) return;
        var params = new LinkedHashMap<String, Object>();
        task.forEach((k, v) -> params.put(String.valueOf(k), v));
        var status = new ServerNotification.Other(ServerNotifications.TASKS_STATUS, Map.copyOf(withoutNulls(params)));
        deliver(() -> listener.accept(status));
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> map) {
        var copy = new LinkedHashMap<String, Object>();
        map.forEach((k, v) -> {
            if (v != null) copy.put(k, v);
        });
        return copy;
    }

    /** Asks the server to cancel task {@code taskId}, once, without waiting long; trouble is logged, not thrown. */
    private void cancelTask(String taskId) {
        try {
            send(ClientRequests.TASKS_CANCEL, Map.of("taskId", taskId), null, options.requestTimeout(), false);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            log.log(System.Logger.Level.DEBUG, "could not cancel task " + taskId, e);
        }
    }

    /** Asks {@code server/discover} of a stateless server past the cache: it is there and answering. */
    void probe(Duration timeout) throws IOException, InterruptedException {
        send(ClientRequests.SERVER_DISCOVER, new HashMap<>(), null, timeout, true);
    }

    /** Who answers a round of input requests: the caller's {@link InputRounds}, or each by its method's handler. */
    private InputRounds inputRounds() {
        return options.inputRounds() != null ? options.inputRounds() : InputRequired.oneByOne(this::handle);
    }

    /** The revision of a stateless conversation, or null in a stateful session. */
    ProtocolVersion stateless() {
        return stateless;
    }

    private Object send(String method, Map<String, Object> params, Consumer<ServerNotification.Progress> progress,
                        Duration timeout, boolean cancellable) throws IOException, InterruptedException {
        return send(RequestId.of(ids.incrementAndGet()), method, params, progress, timeout, cancellable);
    }

    private Object send(RequestId id, String method, Map<String, Object> params,
                        Consumer<ServerNotification.Progress> progress, Duration timeout, boolean cancellable)
            throws IOException, InterruptedException {
        failIfClosed();
        var call = new Pending(id, method, progress);
        String token = progress == null ? null : "progress-" + id.value();
        ProtocolVersion statelessVersion = stateless;
        // One copy of the params for the progress token and the envelope together.
        Map<String, Object> wireParams = token == null && statelessVersion == null ? params : withMeta(params, meta -> {
            if (token != null) meta.put("progressToken", token);
            if (statelessVersion != null) envelope(meta, statelessVersion);
        });
        pending.put(id, call);
        if (token != null) byProgressToken.put(token, call);
        try {
            // Checked again now that the call is registered: a close racing with it has failed it, or will.
            failIfClosed();
            transport.send(new JsonRpcRequest(id, method, wireParams));
            Object answer = call.await(timeout, token == null ? timeout
                    : options.maxRequestTimeout().compareTo(timeout) > 0 ? options.maxRequestTimeout() : timeout);
            // The progress sent before the answer reaches the listener before the caller has the answer (unless the
            // caller is a listener itself, on the delivery thread, which would then wait for its own turn).
            if (token != null && Thread.currentThread() != deliveryThread) call.awaitProgressDelivered(timeout);
            return answer;
        } catch (InterruptedException e) {
            if (cancellable) cancel(id, "The caller was interrupted");
            throw e;
        } catch (RequestTimeoutException e) {
            // "When the request has not received a success or error response within the timeout period, the sender
            // SHOULD issue a cancellation notification for that request and stop waiting for a response."
            if (cancellable) cancel(id, "No answer within " + timeout.toMillis() + " ms");
            throw e;
        } finally {
            pending.remove(id);
            if (token != null) byProgressToken.remove(token);
        }
    }

    /** Sends a notification. */
    void notify(String method, Map<String, Object> params) throws IOException {
        failIfClosed();
        transport.send(new JsonRpcNotification(method, params));
    }

    private void cancel(RequestId id, String reason) {
        transport.abandon(id);
        if (closedBecause != null) return;
        // Stateless over HTTP, closing the request's stream is the cancellation; the transport drops the notification.
        try {
            transport.send(new JsonRpcNotification(ClientNotifications.CANCELLED,
                    Map.of("requestId", id.value(), "reason", reason)));
        } catch (IOException e) {
            log.log(System.Logger.Level.DEBUG, "could not send the cancellation of request " + id, e);
        }
    }

    private void failIfClosed() throws IOException {
        IOException cause = closedBecause;
        if (cause != null) throw new IOException("The connection is closed: " + cause.getMessage(), cause);
    }

    /**
     * The request metadata of a stateless revision: "Every request MUST include the required _meta fields"
     * (protocol version, client info, client capabilities).
     */
    private void envelope(Map<String, Object> meta, ProtocolVersion version) {
        meta.put("io.modelcontextprotocol/protocolVersion", version.wire());
        meta.put("io.modelcontextprotocol/clientInfo", clientInfoTree);
        // A request may narrow what it declares (a proxy passing its own caller's capabilities on).
        meta.putIfAbsent("io.modelcontextprotocol/clientCapabilities", statelessCapabilities);
        if (options.logLevel() != null) meta.putIfAbsent("io.modelcontextprotocol/logLevel", options.logLevel().toString());
    }

    private static Map<String, Object> withProgressToken(Map<String, Object> params, String token) {
        return withMeta(params, meta -> meta.put("progressToken", token));
    }

    /** A copy of {@code params} whose {@code _meta} (a copy of the given one, or new) {@code edit} has added to. */
    private static Map<String, Object> withMeta(Map<String, Object> params, Consumer<Map<String, Object>> edit) {
        var copy = new HashMap<String, Object>(params == null ? Map.of() : params);
        var meta = new HashMap<String, Object>();
        if (copy.get("_meta") instanceof Map<?, ?> given) given.forEach((k, v) -> meta.put(String.valueOf(k), v));
        edit.accept(meta);
        copy.put("_meta", meta);
        return copy;
    }

    /** Maps a result tree to its record; a tree that does not fit is the server's fault, reported as I/O trouble. */
    static <T> T decode(String method, Object tree, Class<T> type) throws IOException {
        try {
            return CODEC.fromTree(tree, type);
        } catch (IllegalArgumentException e) {
            throw new IOException("The server's answer to " + method + " is not a valid " + type.getSimpleName()
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void message(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcResponse r -> {
                Pending call = pending.get(r.id());
                if (call != null) call.answered(r.result());
                else log.log(System.Logger.Level.DEBUG, "an answer to request " + r.id() + ", which nobody awaits");
            }
            case JsonRpcErrorResponse e -> {
                Pending call = e.id() == null ? null : pending.get(e.id());
                if (call != null) call.refused(e.error());
                else log.log(System.Logger.Level.WARNING, "the server reported an error tied to no request of ours: "
                        + e.error().code() + " " + e.error().message());
            }
            case JsonRpcRequest r -> serverRequest(r, null);
            case JsonRpcNotification n -> notification(n, null);
        }
    }

    @Override
    public void message(JsonRpcMessage message, RequestId relatedTo) {
        Pending related = relatedTo == null ? null : pending.get(relatedTo);
        Thread origin = related == null ? null : related.caller();
        switch (message) {
            case JsonRpcRequest request -> serverRequest(request, origin);
            case JsonRpcNotification notification -> notification(notification, origin);
            default -> message(message);
        }
    }

    @Override
    public void requestFailed(RequestId request, IOException cause) {
        Pending call = pending.get(request);
        if (call != null) call.failed(cause);
    }

    @Override
    public void closed(IOException cause) {
        synchronized (this) {
            if (closedBecause != null) return;
            closedBecause = cause;
        }
        log.log(System.Logger.Level.DEBUG, "connection to " + transport.describe() + " closed: " + cause.getMessage());
        for (Pending call : pending.values()) call.failed(cause);
        for (Thread handler : serverRequests.values()) handler.interrupt();
    }

    /** Acts on a notification; {@code origin}: the thread that made the request it came with, when known. */
    private void notification(JsonRpcNotification notification, Thread origin) {
        if (notification.method().equals(ServerNotifications.CANCELLED)) {
            Object id = notification.params() == null ? null : notification.params().get("requestId");
            RequestId cancelled = toId(id);
            Thread handler = cancelled == null ? null : serverRequests.remove(cancelled);
            if (handler != null) handler.interrupt();
            return;
        }
        cache.changed(notification.method(), notification.params());
        Subscription subscription = subscriptionOf(notification.params());
        if (subscription != null && notification.method().equals(ServerNotifications.SUBSCRIPTIONS_ACKNOWLEDGED)) {
            var agreed = new LinkedHashMap<String, Object>();
            if (notification.params().get("notifications") instanceof Map<?, ?> filter) {
                filter.forEach((kind, value) -> agreed.put(String.valueOf(kind), value));
            }
            subscription.acknowledgement().complete(Map.copyOf(agreed));
            return;
        }
        ServerNotification read = Notifications.read(notification);
        if (subscription != null) deliver(() -> subscription.deliver(read));
        if (read instanceof ServerNotification.Progress progress && progress.progressToken() != null) {
            Pending call = byProgressToken.get(String.valueOf(progress.progressToken()));
            if (call != null) {
                call.touch();
                if (call.progress() != null) {
                    call.progressQueued();
                    deliver(() -> call.progress().accept(progress), call::progressDone);
                }
            }
        }
        Consumer<ServerNotification> listener = options.listener();
        if (listener == null) return;
        if (origin == null) {
            deliver(() -> listener.accept(read));
        } else {
            deliver(() -> ScopedValue.where(McpClient.REQUESTING_THREAD, origin).run(() -> listener.accept(read)));
        }
    }

    /** The open subscription a notification names in {@code _meta} ({@code io.modelcontextprotocol/subscriptionId}). */
    private Subscription subscriptionOf(Map<String, Object> params) {
        if (params == null || !(params.get("_meta") instanceof Map<?, ?> meta)
                || !(meta.get(SUBSCRIPTION_ID) instanceof Number id)) {
            return null;
        }
        return subscriptions.get(id.longValue());
    }

    /**
     * Opens a {@code subscriptions/listen} stream with {@code filter} and returns once the server acknowledged it.
     * The request stays pending on a virtual thread of its own until the subscription ends.
     */
    Subscription listen(Map<String, Object> filter, Consumer<ServerNotification> consumer)
            throws IOException, InterruptedException {
        if (stateless == null) {
            throw new IllegalStateException("subscriptions/listen is a 2026-07-28 request; this session speaks a "
                    + "stateful revision, where the server sends list changes unasked and resources/subscribe asks "
                    + "for updates");
        }
        long number = ids.incrementAndGet();
        RequestId id = RequestId.of(number);
        var subscription = new Subscription(number, consumer);
        subscriptions.put(number, subscription);
        Thread thread = Thread.ofVirtual().name("jmcp-client-listen-" + id.value()).unstarted(() -> {
            try {
                // Answered only when the server ends the subscription; an interrupt (close) cancels it.
                send(id, ClientRequests.SUBSCRIPTIONS_LISTEN, Map.of("notifications", filter), null, LISTENING, true);
            } catch (IOException | RuntimeException e) {
                subscription.acknowledgement().completeExceptionally(e);
            } catch (InterruptedException e) {
                subscription.acknowledgement().completeExceptionally(e);
            } finally {
                subscriptions.remove(number);
                subscription.acknowledgement().completeExceptionally(new IOException("the subscription ended"));
                subscription.ended();
            }
        });
        subscription.listener(thread);
        thread.start();
        try {
            subscription.acknowledgement().get(options.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
            return subscription;
        } catch (java.util.concurrent.TimeoutException e) {
            subscription.close();
            throw new RequestTimeoutException(ClientRequests.SUBSCRIPTIONS_LISTEN, options.requestTimeout());
        } catch (java.util.concurrent.ExecutionException e) {
            subscription.close();
            Throwable cause = e.getCause();
            if (cause instanceof McpErrorException error) throw new McpErrorException(error.error());
            throw new IOException("subscriptions/listen failed: " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            subscription.close();
            throw e;
        }
    }

    private void deliver(Runnable task) {
        deliver(task, null);
    }

    /** Runs {@code task} on the delivery thread; {@code done} (if any) runs after it, or at once when it is dropped. */
    private void deliver(Runnable task, Runnable done) {
        if (deliveries.isShutdown()) {
            if (done != null) done.run();
            return;
        }
        deliveries.execute(new Delivery(task, done));
    }

    private void dropQueued() {
        for (Runnable left : deliveries.shutdownNow()) {
            if (left instanceof Delivery delivery) delivery.finished();
        }
    }

    /** A listener call queued for the delivery thread, and what to do once it ran or was dropped. */
    private final class Delivery implements Runnable {
        private final Runnable task;
        private final Runnable done;

        Delivery(Runnable task, Runnable done) {
            this.task = task;
            this.done = done;
        }

        @Override
        public void run() {
            deliveryThread = Thread.currentThread();
            try {
                task.run();
            } catch (RuntimeException e) {
                log.log(System.Logger.Level.WARNING, "a notification listener failed", e);
            } finally {
                finished();
            }
        }

        /** After the task ran, or instead of it when it is dropped. */
        void finished() {
            if (done != null) done.run();
        }
    }

    private static RequestId toId(Object id) {
        return RequestId.fromTree(id).orElse(null);
    }

    /**
     * Answers a request of the server's on a thread of its own; {@code origin} is the thread that made the request it
     * came with, when the transport knows ({@link McpClient#requestingThread()} tells the handler).
     */
    private void serverRequest(JsonRpcRequest request, Thread origin) {
        if (!serverRequestPermits.tryAcquire()) {
            reply(new JsonRpcErrorResponse(request.id(), new JsonRpcError(ErrorCodes.SERVER_BUSY,
                    "Client busy: " + MAX_SERVER_REQUESTS + " requests of the server are being answered; retry later")));
            return;
        }
        Thread handler = Thread.ofVirtual().name("mcp-client-answer-" + request.id()).unstarted(() -> {
            try {
                JsonRpcMessage answer = origin == null ? answer(request)
                        : ScopedValue.where(McpClient.REQUESTING_THREAD, origin).call(() -> answer(request));
                // "Receivers of a cancellation notification SHOULD NOT send a response for the cancelled request."
                if (serverRequests.remove(request.id(), Thread.currentThread())) reply(answer);
            } finally {
                serverRequestPermits.release();
            }
        });
        serverRequests.put(request.id(), handler);
        handler.start();
    }

    /**
     * Answers one request of the server's with the caller's handlers, the same whether it came as a JSON-RPC request
     * (stateful revisions) or inside an input-required result (stateless ones).
     *
     * @throws JsonRpcException when there is no handler, or it failed or gave nothing
     */
    Object handle(JsonRpcRequest request) {
        Object result = switch (request.method()) {
            case ServerRequests.PING -> Map.of();
            case ServerRequests.ROOTS_LIST -> options.roots() == null ? unsupported(request, "roots")
                    : Map.of("roots", options.roots().get());
            case ServerRequests.SAMPLING_CREATE_MESSAGE -> options.sampling() == null ? unsupported(request, "sampling")
                    : options.sampling().apply(params(request, CreateMessageRequest.class));
            case ServerRequests.ELICITATION_CREATE -> options.elicitation() == null
                    ? unsupported(request, "elicitation")
                    : options.elicitation().apply(params(request, ElicitRequest.class));
            default -> throw new JsonRpcException(ErrorCodes.METHOD_NOT_FOUND,
                    "Method not found: this client does not answer '" + request.method() + "'");
        };
        if (result == null) {
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "The client's " + request.method()
                    + " handler gave no result");
        }
        return result;
    }

    private JsonRpcMessage answer(JsonRpcRequest request) {
        try {
            return new JsonRpcResponse(request.id(), handle(request));
        } catch (McpErrorException e) {
            return new JsonRpcErrorResponse(request.id(), e.error());
        } catch (JsonRpcException e) {
            return new JsonRpcErrorResponse(request.id(), e.toError());
        } catch (RuntimeException e) {
            log.log(System.Logger.Level.WARNING, "the client's " + request.method() + " handler failed", e);
            return new JsonRpcErrorResponse(request.id(), new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                    "The client's " + request.method() + " handler failed: " + e.getMessage()));
        }
    }

    private static Object unsupported(JsonRpcRequest request, String capability) {
        throw new JsonRpcException(ErrorCodes.METHOD_NOT_FOUND,
                "Method not found: this client did not declare the " + capability + " capability (" + request.method() + ")");
    }

    private static <T> T params(JsonRpcRequest request, Class<T> type) {
        try {
            return CODEC.fromTree(request.params() == null ? Map.of() : request.params(), type);
        } catch (IllegalArgumentException e) {
            throw JsonRpcException.invalidParams("Invalid params for " + request.method() + ": " + e.getMessage());
        }
    }

    private void reply(JsonRpcMessage answer) {
        try {
            transport.send(answer);
        } catch (IOException e) {
            log.log(System.Logger.Level.DEBUG, "could not answer the server's request", e);
        }
    }

    /** Closes the transport and fails whatever still waits. Idempotent. */
    void close() {
        closed(new IOException("the client was closed"));
        transport.close();
        deliveries.shutdown();
        try {
            if (!deliveries.awaitTermination(1, TimeUnit.SECONDS)) dropQueued();
        } catch (InterruptedException e) {
            dropQueued();
            Thread.currentThread().interrupt();
        }
    }
}
