package dev.jmcp.client;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.SessionExpiredException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.CompleteResult;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.InitializeResult;
import dev.jmcp.protocol.ListPromptsResult;
import dev.jmcp.protocol.ListResourceTemplatesResult;
import dev.jmcp.protocol.ListResourcesResult;
import dev.jmcp.protocol.ListToolsResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A connection to one MCP server, initialized and ready: its methods mirror the specification's requests
 * ({@code tools/call} → {@link #callTool}) and block the calling thread until the answer comes.
 *
 * <p><b>Owner and threads.</b> Whoever opens it ({@link #stdio}, {@link #http}, {@link #builder()}) closes it; closing
 * ends the session (stdio: closes the server's input, then stops the process; HTTP: DELETE). It is thread-safe: any
 * number of threads may call at once, each waiting for its own answer.
 *
 * <p><b>Failures.</b> Three kinds, as in the rest of jmcp:
 * <ul>
 * <li>a tool that failed is a normal {@link CallToolResult} with {@code isError} true;</li>
 * <li>the server's JSON-RPC error answer is an {@link McpErrorException} (unchecked; code, message, data) — the
 * connection is fine;</li>
 * <li>transport trouble is an {@link IOException}: the connection broke, the server wrote something that is not
 * JSON-RPC (which ends the connection), an answer did not fit its type, {@link RequestTimeoutException} when no answer
 * came in time (the request is then cancelled), {@link SessionExpiredException} when an HTTP server forgot the
 * session.</li>
 * </ul>
 * <p><b>Cancellation.</b> Interrupting a thread blocked in a call sends {@code notifications/cancelled} for that
 * request and throws {@link InterruptedException}. Every wait is bounded by the request timeout.
 */
public final class McpClient implements AutoCloseable {
    /** The most pages a listing follows before it gives up on a server that keeps paging. */
    static final int MAX_PAGES = 10_000;

    private final ClientSession session;
    private final InitializeResult initialized;
    private final ProtocolVersion version;
    private final Duration requestTimeout;
    /** Each listed tool's {@code execution.taskSupport} ({@code forbidden} when it says none). */
    private final Map<String, String> taskSupport = new java.util.concurrent.ConcurrentHashMap<>();

    private McpClient(ClientSession session, InitializeResult initialized, Duration requestTimeout) {
        this.session = session;
        this.initialized = initialized;
        this.version = ProtocolVersion.fromWire(initialized.protocolVersion()).orElseThrow();
        this.requestTimeout = requestTimeout;
    }

    /** Options first, then {@link McpClientBuilder#stdio}, {@link McpClientBuilder#http} or a transport of your own. */
    public static McpClientBuilder builder() {
        return new McpClientBuilder();
    }

    /**
     * Starts the server {@code command} with {@code env} added to this environment, with default options; its
     * standard error goes to this process's.
     */
    public static McpClient stdio(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        return builder().stdio(command, env);
    }

    /** Connects to the Streamable HTTP endpoint at {@code url} with default options. */
    public static McpClient http(URI url) throws IOException, InterruptedException {
        return builder().http(url);
    }

    static McpClient connect(ClientTransport transport, ClientOptions options) throws IOException, InterruptedException {
        var session = new ClientSession(transport, options);
        try {
            transport.start(session);
            var client = new McpClient(session, session.open(), options.requestTimeout());
            if (options.logLevel() != null && session.stateless() == null
                    && client.serverCapabilities().containsKey("logging")) {
                client.setLogLevel(options.logLevel());
            }
            return client;
        } catch (IOException | InterruptedException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** The thread that made the request a server request came with; bound while a handler answers it. */
    static final ScopedValue<Thread> REQUESTING_THREAD = ScopedValue.newInstance();

    /**
     * In a roots, sampling or elicitation handler, or the notification listener: the thread that made the request of
     * this client's that the server's request or notification belongs to, when the transport says (Streamable HTTP
     * sends it on that request's stream); null when it does not (stdio, the legacy SSE transport, a message sent
     * outside any call). A client serving several callers at once (a proxy, a gateway) tells by it which caller the
     * server is asking or telling.
     */
    public static Thread requestingThread() {
        return REQUESTING_THREAD.isBound() ? REQUESTING_THREAD.get() : null;
    }

    /** The revision the server agreed to speak. */
    public ProtocolVersion protocolVersion() {
        return version;
    }

    public Implementation serverInfo() {
        return initialized.serverInfo();
    }

    /** The server's capabilities as it declared them (a JSON tree), e.g. {@code tools}, {@code logging}. */
    public Map<String, Object> serverCapabilities() {
        return initialized.capabilities() == null ? Map.of() : initialized.capabilities();
    }

    /** The server's instructions for using it, or null. */
    public String instructions() {
        return initialized.instructions();
    }

    /** Every tool, following every page. */
    public List<Tool> listTools() throws IOException, InterruptedException {
        return everyPage(ClientRequests.TOOLS_LIST, this::listTools, ListToolsResult::tools,
                ListToolsResult::nextCursor);
    }

    /** One page of tools; {@code cursor} null for the first. */
    public ListToolsResult listTools(String cursor) throws IOException, InterruptedException {
        Object tree = session.request(ClientRequests.TOOLS_LIST, page(cursor), null, requestTimeout);
        if (tree instanceof Map<?, ?> result && result.get("tools") instanceof List<?> tools) {
            for (Object tool : tools) {
                if (tool instanceof Map<?, ?> t && t.get("name") instanceof String name) {
                    Object support = t.get("execution") instanceof Map<?, ?> e ? e.get("taskSupport") : null;
                    taskSupport.put(name, support instanceof String s ? s : "forbidden");
                }
            }
        }
        return ClientSession.decode(ClientRequests.TOOLS_LIST, tree, ListToolsResult.class);
    }

    /**
     * Whether a call of {@code tool} must be task-augmented (2025-11-25): "If execution.taskSupport is "required",
     * clients MUST invoke the tool as a task" — and only where "a server's capabilities ... include
     * tasks.requests.tools.call". The tool's support is learnt from the listing, listing once when it is not known.
     */
    private boolean mustRunAsTask(String tool) throws IOException, InterruptedException {
        if (session.stateless() != null || version.compareTo(ProtocolVersion.V2025_11_25) < 0) return false;
        if (!(serverCapabilities().get("tasks") instanceof Map<?, ?> tasks)
                || !(tasks.get("requests") instanceof Map<?, ?> requests)
                || !(requests.get("tools") instanceof Map<?, ?> tools) || !tools.containsKey("call")) {
            return false;
        }
        if (!taskSupport.containsKey(tool)) listTools();
        return "required".equals(taskSupport.get(tool));
    }

    public CallToolResult callTool(String name, Map<String, ?> arguments) throws IOException, InterruptedException {
        return callTool(name, arguments, null, requestTimeout);
    }

    /**
     * Calls a tool asking for progress: each progress notification goes to {@code progress}, in order, on a thread of
     * the client's; those the server sent before its answer have all been through {@code progress} when this returns.
     */
    public CallToolResult callTool(String name, Map<String, ?> arguments,
                                   Consumer<ServerNotification.Progress> progress) throws IOException, InterruptedException {
        return callTool(name, arguments, progress, requestTimeout);
    }

    /**
     * Calls a tool with a timeout of its own; {@code progress} may be null. With progress, the timeout counts from
     * the latest progress notification (never past the builder's maximum or {@code timeout}, whichever is longer).
     */
    public CallToolResult callTool(String name, Map<String, ?> arguments, Consumer<ServerNotification.Progress> progress,
                                   Duration timeout) throws IOException, InterruptedException {
        return callTool(name, arguments, null, progress, timeout);
    }

    /**
     * As {@link #callTool(String, Map, Consumer, Duration)}, with {@code meta} (may be null) as the request's
     * {@code _meta}: what the specification lets a client attach to a request for the server to read.
     */
    public CallToolResult callTool(String name, Map<String, ?> arguments, Map<String, Object> meta,
                                   Consumer<ServerNotification.Progress> progress, Duration timeout)
            throws IOException, InterruptedException {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(timeout, "timeout");
        var params = new HashMap<String, Object>();
        params.put("name", name);
        params.put("arguments", arguments == null ? Map.of() : arguments);
        if (meta != null && !meta.isEmpty()) params.put("_meta", Map.copyOf(meta));
        Object tree = mustRunAsTask(name) ? session.requestAsTask(ClientRequests.TOOLS_CALL, params, progress, timeout)
                : session.request(ClientRequests.TOOLS_CALL, params, progress, timeout);
        return ClientSession.decode(ClientRequests.TOOLS_CALL, tree, CallToolResult.class);
    }

    /**
     * The server's tools that best match {@code query} (words, as a person types them), best first, at most
     * {@code limit}, each with its whole definition: found by the server's own {@code search_tools} when its
     * {@code tools/list} has one (jmcp's {@code serve --tool-search}), else ranked here over its {@code tools/list} by
     * the installed {@link dev.jmcp.client.search.ToolRanking} (the tool-search module's BM25 when it is on the class
     * path, else the client's small {@link dev.jmcp.client.search.WordRanking}).
     *
     * @throws IllegalArgumentException for a blank query or a limit under 1
     * @throws McpErrorException        when the server's {@code search_tools} refused the search
     */
    public FoundTools searchTools(String query, int limit) throws IOException, InterruptedException {
        return ToolSearching.search(this, query, limit, null);
    }

    /** As {@link #searchTools(String, int)}, ranking locally with {@code local} (null: the installed ranking). */
    public FoundTools searchTools(String query, int limit, dev.jmcp.client.search.ToolRanking local)
            throws IOException, InterruptedException {
        return ToolSearching.search(this, query, limit, local);
    }

    public List<Prompt> listPrompts() throws IOException, InterruptedException {
        return everyPage(ClientRequests.PROMPTS_LIST, this::listPrompts, ListPromptsResult::prompts,
                ListPromptsResult::nextCursor);
    }

    public ListPromptsResult listPrompts(String cursor) throws IOException, InterruptedException {
        return call(ClientRequests.PROMPTS_LIST, page(cursor), ListPromptsResult.class);
    }

    public GetPromptResult getPrompt(String name, Map<String, String> arguments) throws IOException, InterruptedException {
        Objects.requireNonNull(name, "name");
        var params = new HashMap<String, Object>();
        params.put("name", name);
        if (arguments != null) params.put("arguments", arguments);
        return call(ClientRequests.PROMPTS_GET, params, GetPromptResult.class);
    }

    public List<Resource> listResources() throws IOException, InterruptedException {
        return everyPage(ClientRequests.RESOURCES_LIST, this::listResources, ListResourcesResult::resources,
                ListResourcesResult::nextCursor);
    }

    public ListResourcesResult listResources(String cursor) throws IOException, InterruptedException {
        return call(ClientRequests.RESOURCES_LIST, page(cursor), ListResourcesResult.class);
    }

    public List<ResourceTemplate> listResourceTemplates() throws IOException, InterruptedException {
        return everyPage(ClientRequests.RESOURCES_TEMPLATES_LIST, this::listResourceTemplates,
                ListResourceTemplatesResult::resourceTemplates, ListResourceTemplatesResult::nextCursor);
    }

    public ListResourceTemplatesResult listResourceTemplates(String cursor) throws IOException, InterruptedException {
        return call(ClientRequests.RESOURCES_TEMPLATES_LIST, page(cursor), ListResourceTemplatesResult.class);
    }

    public ReadResourceResult readResource(String uri) throws IOException, InterruptedException {
        return call(ClientRequests.RESOURCES_READ, Map.of("uri", Objects.requireNonNull(uri, "uri")),
                ReadResourceResult.class);
    }

    /** Asks for {@link ServerNotification.ResourceUpdated} when the resource changes. */
    public void subscribe(String uri) throws IOException, InterruptedException {
        session.request(ClientRequests.RESOURCES_SUBSCRIBE, Map.of("uri", Objects.requireNonNull(uri, "uri")), null,
                requestTimeout);
    }

    public void unsubscribe(String uri) throws IOException, InterruptedException {
        session.request(ClientRequests.RESOURCES_UNSUBSCRIBE, Map.of("uri", Objects.requireNonNull(uri, "uri")), null,
                requestTimeout);
    }

    /** Completion values for {@code argument} of a prompt or resource template, given what the user typed. */
    public Completion complete(CompletionReference ref, String argument, String value)
            throws IOException, InterruptedException {
        return complete(ref, argument, value, null);
    }

    /** As {@link #complete(CompletionReference, String, String)}, with arguments already chosen (2025-06-18 on). */
    public Completion complete(CompletionReference ref, String argument, String value, Map<String, String> context)
            throws IOException, InterruptedException {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(argument, "argument");
        var params = new HashMap<String, Object>();
        params.put("ref", ref.toWire());
        params.put("argument", Map.of("name", argument, "value", value == null ? "" : value));
        if (context != null && !context.isEmpty()) params.put("context", Map.of("arguments", context));
        CompleteResult result = call(ClientRequests.COMPLETION_COMPLETE, params, CompleteResult.class);
        if (result.completion() == null) throw new IOException("The server's answer to completion/complete has no completion");
        return result.completion();
    }

    /** Every skill the server offers (the skills extension): their entries only; no file is fetched. */
    @SuppressWarnings("unchecked")
    public List<ListedSkill> listSkills() throws IOException, InterruptedException {
        Object result = session.request(ClientRequests.SKILLS_LIST, null, null, requestTimeout);
        if (!(result instanceof Map<?, ?> map) || !(map.get("skills") instanceof List<?> skills)) {
            throw new IOException("The server's answer to skills/list has no skills");
        }
        var all = new ArrayList<ListedSkill>();
        for (Object skill : skills) all.add(ClientSession.decode(ClientRequests.SKILLS_LIST, skill, ListedSkill.class));
        return all;
    }

    /**
     * Fetches a skill's files, {@code SKILL.md} first, verifying each against its entry (size, digest) and the
     * {@code SKILL.md} frontmatter against the listing's; stops at the first file that fails, reading nothing after it.
     *
     * @return the text of each file by URI, in the order fetched
     * @throws IOException a file failed verification (the message says which and how), or could not be read
     */
    public Map<String, String> fetchSkill(ListedSkill skill) throws IOException, InterruptedException {
        Objects.requireNonNull(skill, "skill");
        var files = new java.util.LinkedHashMap<String, String>();
        var order = new ArrayList<ListedSkill.File>();
        skill.resources().stream().filter(f -> f.uri().equals(skill.uri())).forEach(order::add);
        if (order.isEmpty()) order.add(new ListedSkill.File(skill.uri(), null, null));
        skill.resources().stream().filter(f -> !f.uri().equals(skill.uri())).forEach(order::add);
        for (ListedSkill.File file : order) {
            ReadResourceResult read = readResource(file.uri());
            String text = read.contents().stream().map(c -> c instanceof dev.jmcp.protocol.TextResourceContents t ? t.text() : null)
                    .filter(Objects::nonNull).findFirst()
                    .orElseThrow(() -> new IOException("skill file " + file.uri() + " has no text content"));
            SkillVerification.verify(file, SkillVerification.utf8(text));
            if (file.uri().equals(skill.uri())) SkillVerification.verifyFrontmatter(skill, text);
            files.put(file.uri(), text);
        }
        return files;
    }

    /** Asks the server to send log messages at {@code level} and above. */
    public void setLogLevel(LoggingLevel level) throws IOException, InterruptedException {
        session.request(ClientRequests.LOGGING_SET_LEVEL, Map.of("level", level.toString()), null, requestTimeout);
    }

    /**
     * Checks the server answers: {@code ping}, or in 2026-07-28, which has no ping, {@code server/discover} sent to the
     * server (never answered from the cache).
     */
    public void ping() throws IOException, InterruptedException {
        if (session.stateless() != null) {
            session.probe(requestTimeout);
        } else {
            session.request(ClientRequests.PING, null, null, requestTimeout);
        }
    }

    /** Tells the server the roots changed ({@code notifications/roots/list_changed}); it may list them again. */
    public void rootsChanged() throws IOException {
        session.notify(ClientNotifications.ROOTS_LIST_CHANGED, null);
    }

    /**
     * Opens a {@code subscriptions/listen} stream (2026-07-28) and returns once the server acknowledged it.
     * {@code filter} is the request's {@code notifications} object, e.g. {@code Map.of("toolsListChanged", true,
     * "resourceSubscriptions", List.of("file:///a"))}; each notification the server sends on it goes to
     * {@code onNotification} (may be null) and to the client's notification listener. Close the subscription to end it.
     *
     * @throws IllegalStateException in a stateful session, where list changes come unasked and
     *                               {@link #subscribe(String)} asks for resource updates
     */
    public Subscription listen(Map<String, Object> filter, Consumer<ServerNotification> onNotification)
            throws IOException, InterruptedException {
        return session.listen(Map.copyOf(Objects.requireNonNull(filter, "filter")), onNotification);
    }

    /**
     * The task {@code taskId} as the server shows it now (2025-11-25 tasks, or the 2026-07-28 tasks extension): its {@code status},
     * {@code createdAt}, {@code ttlMs}, {@code pollIntervalMs}, and the {@code result}, {@code error} or
     * {@code inputRequests} its status carries. A task id the server does not know is an {@link McpErrorException}.
     */
    public Map<String, Object> getTask(String taskId) throws IOException, InterruptedException {
        return request(ClientRequests.TASKS_GET, Map.of("taskId", Objects.requireNonNull(taskId, "taskId")));
    }

    /** Asks the server to cancel task {@code taskId}; acknowledged also when the task had already ended. */
    public void cancelTask(String taskId) throws IOException, InterruptedException {
        request(ClientRequests.TASKS_CANCEL, Map.of("taskId", Objects.requireNonNull(taskId, "taskId")));
    }

    /**
     * Any request by method name, for what has no method here: the result as a JSON tree. Failures as for every
     * other call.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> request(String method, Map<String, Object> params) throws IOException, InterruptedException {
        Object result = session.request(Objects.requireNonNull(method, "method"), params, null, requestTimeout);
        return result instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    /** Ends the session and disconnects, waiting a bounded time; calls still waiting fail with an IOException. */
    @Override
    public void close() {
        session.close();
    }

    private <T> T call(String method, Map<String, Object> params, Class<T> type) throws IOException, InterruptedException {
        return ClientSession.decode(method, session.request(method, params, null, requestTimeout), type);
    }

    private static Map<String, Object> page(String cursor) {
        return cursor == null ? null : Map.of("cursor", cursor);
    }

    private interface PageFetch<R> {
        R fetch(String cursor) throws IOException, InterruptedException;
    }

    private static <R, T> List<T> everyPage(String method, PageFetch<R> fetch, Function<R, List<T>> items,
                                            Function<R, String> next) throws IOException, InterruptedException {
        var all = new ArrayList<T>();
        var seen = new HashSet<String>();
        String cursor = null;
        for (int pages = 1; ; pages++) {
            R page = fetch.fetch(cursor);
            all.addAll(items.apply(page));
            cursor = next.apply(page);
            if (cursor == null) return all;
            if (!seen.add(cursor)) {
                throw new IOException(method + ": the server gave the cursor '" + cursor + "' twice; stopped listing");
            }
            if (pages == MAX_PAGES) throw new IOException(method + ": more than " + MAX_PAGES + " pages; stopped listing");
        }
    }
}
