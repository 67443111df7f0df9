package dev.jmcp.client;

import dev.jmcp.client.auth.OAuth;
import dev.jmcp.client.http.LegacySseTransport;
import dev.jmcp.client.http.StreamableHttpTransport;
import dev.jmcp.client.stdio.ChildProcessTransport;
import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.CreateTaskResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Root;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Options of a {@link McpClient}, then the connection: {@link #stdio}, {@link #http} or {@link #connect} open it and
 * run {@code initialize}. Every setter checks its value at once and throws {@link IllegalArgumentException} (or
 * {@link NullPointerException}) naming what is wrong. Not thread-safe: one thread fills it; it may be reused to open
 * several clients with the same options.
 */
public final class McpClientBuilder {
    /**
     * How long the {@code server/discover} probe of the default negotiation ({@link #newestProtocolVersion()}) waits
     * for a server that neither answers nor refuses it (a legacy server that ignores requests before
     * {@code initialize}) before falling back. A legacy server that refuses it (an error, an HTTP 4xx) costs one round
     * trip only.
     */
    public static final Duration AUTO_DISCOVER_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
    private static final Set<String> HANDLER_CAPABILITIES = Set.of("roots", "sampling", "elicitation");

    private Implementation clientInfo = new Implementation("jmcp-client", versionOfThisLibrary());
    /** The pinned revision; null negotiates the newest (the default). */
    private ProtocolVersion protocolVersion;
    private boolean legacySseFallback = true;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private Duration maxRequestTimeout;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private final Map<String, Object> capabilities = new LinkedHashMap<>();
    private Supplier<List<Root>> roots;
    private Function<CreateMessageRequest, CreateMessageResult> sampling;
    private boolean samplingTools;
    private Function<ElicitRequest, ElicitResult> elicitation;
    private Consumer<ServerNotification> listener;
    private Consumer<String> stderr;
    private Path workingDirectory;
    private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private OAuth authorization;
    private boolean tasks;
    private InputRounds inputRounds;
    private LoggingLevel logLevel;
    private Consumer<CreateTaskResult> taskCreated;
    private Duration discoverTimeout;
    private final Map<String, String> headers = new LinkedHashMap<>();

    McpClientBuilder() {
    }

    /** Who this client is, as {@code initialize} announces it (default {@code jmcp-client} and its version). */
    public McpClientBuilder clientInfo(Implementation clientInfo) {
        this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
        return this;
    }

    /**
     * Pins the revision to ask for instead of negotiating the newest (the default, {@link #newestProtocolVersion()}).
     * A stateful revision is asked for directly through {@code initialize} (the server may answer an older one);
     * 2026-07-28 is asked for through {@code server/discover}, still falling back to {@code initialize} with a server
     * that does not speak it, but never to the HTTP+SSE transport.
     */
    public McpClientBuilder protocolVersion(ProtocolVersion protocolVersion) {
        this.protocolVersion = Objects.requireNonNull(protocolVersion, "protocolVersion");
        return this;
    }

    /**
     * Negotiates the newest revision the server speaks (the default; undoes {@link #protocolVersion}), as the
     * specification's dual-era client does: 2026-07-28 through {@code server/discover} first, else {@code initialize}
     * at the newest stateful revision ({@link ProtocolVersion#LATEST_STATEFUL}, which the server may answer with an
     * older one). A server that refuses the probe costs one round trip; one that ignores it, at most
     * {@link #AUTO_DISCOVER_TIMEOUT} (or {@link #discoverTimeout}). Over HTTP, a 4xx to both leads on to the HTTP+SSE
     * transport ({@link #legacySseFallback}); {@link #sse} asks for the newest stateful revision directly.
     */
    public McpClientBuilder newestProtocolVersion() {
        this.protocolVersion = null;
        return this;
    }

    /**
     * HTTP: whether {@link #http} tries the 2024-11-05 HTTP+SSE transport at the same URL when the server refuses the
     * Streamable HTTP POST with a 4xx (default true), as the specification's backwards compatibility section says.
     */
    public McpClientBuilder legacySseFallback(boolean fallback) {
        this.legacySseFallback = fallback;
        return this;
    }

    /**
     * How long a request may wait for its answer (default 60 s). A call with a progress listener waits this long
     * after its last progress notification, but never longer than {@link #maxRequestTimeout} in all.
     */
    public McpClientBuilder requestTimeout(Duration timeout) {
        this.requestTimeout = positive(timeout, "requestTimeout");
        return this;
    }

    /** The most a call with progress may wait in all (default ten times the request timeout). */
    public McpClientBuilder maxRequestTimeout(Duration timeout) {
        this.maxRequestTimeout = positive(timeout, "maxRequestTimeout");
        return this;
    }

    /**
     * How long the {@code server/discover} probe of a 2026-07-28 conversation may go unanswered before the client
     * takes the server for a legacy one and falls back to {@code initialize} ("does not respond within a reasonable
     * timeout": some legacy servers ignore requests before {@code initialize}). Default: as long as the handshake may
     * take (the longer of the connect and request timeouts).
     */
    public McpClientBuilder discoverTimeout(Duration timeout) {
        this.discoverTimeout = positive(timeout, "discoverTimeout");
        return this;
    }

    /** How long opening an HTTP connection may take (default 10 s). */
    public McpClientBuilder connectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connectTimeout");
        return this;
    }

    /**
     * Declares a further client capability (e.g. {@code experimental}). Roots, sampling and elicitation are declared
     * by giving their handlers, not here.
     */
    public McpClientBuilder capability(String name, Map<String, Object> value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        if (HANDLER_CAPABILITIES.contains(name)) {
            throw new IllegalArgumentException("the " + name + " capability is declared by giving its handler, e.g. "
                    + (name.equals("roots") ? "roots(...)" : name.equals("sampling") ? "onSampling(...)" : "onElicitation(...)"));
        }
        capabilities.put(name, Map.copyOf(value));
        return this;
    }

    /**
     * Declares the tasks extension ({@code io.modelcontextprotocol/tasks}) in 2026-07-28 conversations, so a server may
     * run a long request (a {@code tools/call}) as a task. The blocking methods stay as they are: such a call polls the
     * task at the interval the server asks, answers its input requests with the handlers given here, and returns the
     * task's result (or throws its error); interrupting the waiting thread cancels the task, and the max request
     * timeout bounds the wait. {@link McpClient#getTask} and {@link McpClient#cancelTask} reach a task by id. The
     * stateful revisions are not affected.
     */
    public McpClientBuilder tasks() {
        this.tasks = true;
        return this;
    }

    /** Answers {@code roots/list} with what {@code roots} supplies at that moment; declares {@code roots}. */
    public McpClientBuilder roots(Supplier<List<Root>> roots) {
        this.roots = Objects.requireNonNull(roots, "roots");
        return this;
    }

    /**
     * Answers {@code sampling/createMessage}; declares {@code sampling}. The handler runs on a virtual thread of its
     * own, which is interrupted if the server cancels the request; throwing {@link McpErrorException} answers with
     * that error, any other exception with -32603.
     */
    public McpClientBuilder onSampling(Function<CreateMessageRequest, CreateMessageResult> handler) {
        this.sampling = Objects.requireNonNull(handler, "handler");
        this.samplingTools = false;
        return this;
    }

    /**
     * As {@link #onSampling}, for a model that can use tools: declares {@code sampling.tools} (2025-11-25), so a server
     * may offer the model tools ({@link CreateMessageRequest#tools()}). The handler answers with the model's
     * {@link dev.jmcp.protocol.ToolUseContent}s when it wants them called, and gets their
     * {@link dev.jmcp.protocol.ToolResultContent}s in the server's next request.
     */
    public McpClientBuilder onSamplingWithTools(Function<CreateMessageRequest, CreateMessageResult> handler) {
        onSampling(handler);
        this.samplingTools = true;
        return this;
    }

    /** Answers {@code elicitation/create}; declares {@code elicitation} (form mode). Runs like {@link #onSampling}. */
    public McpClientBuilder onElicitation(Function<ElicitRequest, ElicitResult> handler) {
        this.elicitation = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Answers each {@code input_required} round of a 2026-07-28 request (and each round of a task's input requests) as
     * a whole, in place of the roots, sampling and elicitation handlers, which still declare the capabilities and
     * answer the stateful revisions' requests. Runs on the thread that made the request, so a caller can tell which of
     * its requests asks; see {@link InputRounds}.
     */
    public McpClientBuilder onInputRequired(InputRounds handler) {
        this.inputRounds = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Told when the server turns one of this client's requests into a task (tasks extension, see {@link #tasks()}),
     * with the task's handle, on the thread that made the request, before the client starts following the task. A
     * proxy that passes the request on for someone else can turn that someone's request into a task at this point.
     */
    public McpClientBuilder onTaskCreated(Consumer<CreateTaskResult> listener) {
        this.taskCreated = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Asks for the server's log messages from {@code level} up: in a stateful session with {@code logging/setLevel}
     * right after {@code initialize} (when the server declares {@code logging}), in 2026-07-28 in every request's
     * {@code _meta}. They arrive as {@link ServerNotification.LogMessage}. Default: none asked for.
     */
    public McpClientBuilder logLevel(LoggingLevel level) {
        this.logLevel = Objects.requireNonNull(level, "level");
        return this;
    }

    /**
     * Receives every notification of the server (progress, log messages, list changes, resource updates, others),
     * in order, on one thread of the client's; an exception it throws is logged and dropped.
     */
    public McpClientBuilder onNotification(Consumer<ServerNotification> listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** stdio: each line the server writes to its standard error goes here (default: this process's standard error). */
    public McpClientBuilder stderr(Consumer<String> sink) {
        this.stderr = Objects.requireNonNull(sink, "sink");
        return this;
    }

    /** stdio: the server's working directory (default: this process's). */
    public McpClientBuilder workingDirectory(Path directory) {
        this.workingDirectory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    /** The largest message accepted from the server (default 16 MiB); a larger one ends the connection. */
    public McpClientBuilder maxMessageBytes(int maxMessageBytes) {
        if (maxMessageBytes < 1024) {
            throw new IllegalArgumentException("maxMessageBytes must be at least 1024, was " + maxMessageBytes);
        }
        this.maxMessageBytes = maxMessageBytes;
        return this;
    }

    /**
     * HTTP: a header every request carries (e.g. an API key). The headers the protocol sets itself (session, version,
     * request metadata, {@code Authorization} when {@link #authorization} is given) cannot be set here.
     */
    public McpClientBuilder header(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        if (name.isBlank() || !name.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != ':')) {
            throw new IllegalArgumentException("not a header name: '" + name + "'");
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("mcp-") || lower.equals("content-type") || lower.equals("accept")) {
            throw new IllegalArgumentException("the header " + name + " is set by the protocol, not by the caller");
        }
        headers.put(name, value);
        return this;
    }

    /** HTTP: authorizes with {@code oauth} when the server answers 401 (or 403 asking for more scope). */
    public McpClientBuilder authorization(OAuth oauth) {
        this.authorization = Objects.requireNonNull(oauth, "oauth");
        return this;
    }

    /**
     * Starts {@code command} (with {@code env} added to this process's environment) and initializes a session over
     * its standard input and output.
     *
     * @throws IOException the process did not start or the handshake failed
     * @throws McpErrorException the server refused {@code initialize}
     */
    public McpClient stdio(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Objects.requireNonNull(command, "command");
        if (command.isEmpty() || command.getFirst() == null || command.getFirst().isBlank()) {
            throw new IllegalArgumentException("the server command must name a program");
        }
        if (command.stream().anyMatch(Objects::isNull)) throw new IllegalArgumentException("the command holds a null");
        ClientOptions options = options();
        return McpClient.connect(new ChildProcessTransport(command, env == null ? Map.of() : env, workingDirectory, stderr,
                maxMessageBytes), options);
    }

    /**
     * Initializes a session with the Streamable HTTP endpoint at {@code url} (e.g. {@code http://127.0.0.1:3000/mcp}).
     *
     * @throws IOException the server is unreachable or the handshake failed
     * @throws McpErrorException the server refused {@code initialize}
     */
    public McpClient http(URI url) throws IOException, InterruptedException {
        Objects.requireNonNull(url, "url");
        String scheme = url.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || url.getHost() == null) {
            throw new IllegalArgumentException("the server URL must be http:// or https:// with a host, was " + url);
        }
        ClientOptions options = options();
        var transport = new StreamableHttpTransport(url, connectTimeout, options.maxRequestTimeout(), maxMessageBytes,
                authorization, headers);
        try {
            return McpClient.connect(transport, options);
        } catch (IOException e) {
            // "If it fails with an HTTP 4xx status code (e.g., 405 Method Not Allowed or 404 Not Found): Issue a GET
            // request to the server URL, expecting that this will open an SSE stream and return an endpoint event".
            boolean stateless = protocolVersion != null && protocolVersion.isStateless();
            if (!legacySseFallback || stateless || transport.legacyRefusal() == 0) throw e;
            ClientOptions stateful = options.protocolVersion().isStateless()
                    ? options.withProtocolVersion(ProtocolVersion.LATEST_STATEFUL) : options;
            try {
                return McpClient.connect(new LegacySseTransport(url, connectTimeout, maxMessageBytes, headers), stateful);
            } catch (IOException sse) {
                e.addSuppressed(sse);
                throw new IOException(e.getMessage() + "; nor does it speak the older HTTP+SSE transport there ("
                        + sse.getMessage() + ")", e);
            }
        }
    }

    /**
     * Initializes a session with a server that speaks only the 2024-11-05 HTTP+SSE transport, at its SSE URL (e.g.
     * {@code http://127.0.0.1:3000/sse}). Authorization is not used on this transport.
     *
     * @throws IOException the server is unreachable, sent no endpoint event, or the handshake failed
     */
    public McpClient sse(URI url) throws IOException, InterruptedException {
        Objects.requireNonNull(url, "url");
        String scheme = url.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || url.getHost() == null) {
            throw new IllegalArgumentException("the server URL must be http:// or https:// with a host, was " + url);
        }
        ClientOptions options = options();
        // The 2024-11-05 transport carries the stateful revisions only: an unpinned client asks for the newest of them.
        if (protocolVersion == null) {
            options = options.withProtocolVersion(ProtocolVersion.LATEST_STATEFUL);
        }
        return McpClient.connect(new LegacySseTransport(url, connectTimeout, maxMessageBytes, headers), options);
    }

    /** Initializes a session over a transport of the caller's; the client owns and closes it from now on. */
    public McpClient connect(ClientTransport transport) throws IOException, InterruptedException {
        Objects.requireNonNull(transport, "transport");
        return McpClient.connect(transport, options());
    }

    ClientOptions options() {
        Duration max = maxRequestTimeout == null ? requestTimeout.multipliedBy(10) : maxRequestTimeout;
        if (max.compareTo(requestTimeout) < 0) {
            throw new IllegalArgumentException("maxRequestTimeout (" + max + ") is shorter than requestTimeout ("
                    + requestTimeout + ")");
        }
        boolean newest = protocolVersion == null;
        Duration probe = discoverTimeout != null || !newest ? discoverTimeout : AUTO_DISCOVER_TIMEOUT;
        return new ClientOptions(clientInfo, newest ? ProtocolVersion.V2026_07_28 : protocolVersion, requestTimeout, max, connectTimeout, capabilities, roots,
                sampling, elicitation, listener, maxMessageBytes, tasks, inputRounds, logLevel, taskCreated,
                probe, samplingTools);
    }

    private static Duration positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (!value.isPositive()) throw new IllegalArgumentException(name + " must be positive, was " + value);
        return value;
    }

    private static String versionOfThisLibrary() {
        String version = McpClientBuilder.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
