package dev.jmcp.testkit;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.InputResponses;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A {@link RequestContext} for calling a plugin's handlers directly, with no server or client behind them. It records
 * what a handler sends the client (progress and log notifications, resource updates, response-connection closes,
 * sampling and elicitation requests) and answers the client's side from what the test configured through
 * {@link #builder()}: a client declares {@code sampling}, {@code elicitation} or {@code roots} exactly when the test
 * gave an answer for it; without one the request fails with {@link ClientRequestException.Reason#NOT_SUPPORTED}, as
 * it does against a real client that declared nothing. {@link #requestInputs} answers as a stateful server does (each
 * input asked in turn, by the same answers) and records each batch, so a test can check the keys a handler chose.
 *
 * <p>Owned by the test that makes it; nothing to close. Thread-safe: a handler may report from the thread that
 * calls it and from threads it starts while the test reads the recordings, which are snapshots, or waits on them
 * with a deadline ({@link #awaitProgress}).
 */
public final class RecordingContext implements RequestContext {

    /** One {@code notifications/progress} the handler sent. */
    public record Progress(double progress, Double total, String message) {
    }

    /** One {@code notifications/message} the handler sent. */
    public record Log(LoggingLevel level, String logger, Object data) {
    }

    private final String protocolVersion;
    private final PluginConfig config;
    private final boolean progressToken;
    private final boolean closableResponseConnection;
    private final Function<CreateMessageRequest, CreateMessageResult> model;
    private final Function<ElicitRequest, ElicitResult> user;
    private final boolean urlElicitation;
    private final List<Root> roots;

    /** Guards the wait for progress; the lists themselves need no lock. */
    private final Object progressMonitor = new Object();
    private final List<Progress> progress = new CopyOnWriteArrayList<>();
    private final List<Log> logs = new CopyOnWriteArrayList<>();
    private final List<String> updatedUris = new CopyOnWriteArrayList<>();
    private final List<CreateMessageRequest> samplingRequests = new CopyOnWriteArrayList<>();
    private final List<ElicitRequest> elicitRequests = new CopyOnWriteArrayList<>();
    private final List<Map<String, InputRequest>> inputBatches = new CopyOnWriteArrayList<>();
    private final AtomicInteger responseConnectionCloses = new AtomicInteger();
    private volatile boolean cancelled;

    private RecordingContext(Builder builder) {
        this.protocolVersion = builder.protocolVersion;
        Map<String, String> values = builder.config;
        this.config = key -> Optional.ofNullable(values.get(key));
        this.progressToken = builder.progressToken;
        this.closableResponseConnection = builder.closableResponseConnection;
        this.model = builder.model;
        this.user = builder.user;
        this.urlElicitation = builder.urlElicitation;
        this.roots = builder.roots;
    }

    /** A context whose request carried no progress token and whose client declared nothing; empty configuration. */
    public static RecordingContext plain() {
        return builder().build();
    }

    /** Like {@link #plain()}, but the request carried a progress token, so {@link #progress} is recorded. */
    public static RecordingContext withProgressToken() {
        return builder().progressToken(true).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The progress notifications sent so far, in order; empty when the request had no progress token. */
    public List<Progress> progressNotifications() {
        return List.copyOf(progress);
    }

    /** The log messages sent so far, in order, whatever their level. */
    public List<Log> logMessages() {
        return List.copyOf(logs);
    }

    /** The URIs passed to {@link #resourceUpdated} so far, in order. */
    public List<String> updatedUris() {
        return List.copyOf(updatedUris);
    }

    /** The sampling requests the handler made so far, in order (only those a configured model answered). */
    public List<CreateMessageRequest> samplingRequests() {
        return List.copyOf(samplingRequests);
    }

    /** The elicitation requests the handler made so far, in order (only those a configured user answered). */
    public List<ElicitRequest> elicitRequests() {
        return List.copyOf(elicitRequests);
    }

    /**
     * The inputs the handler asked for through {@link #requestInputs} so far: one map per call, in order, each in the
     * handler's key order; recorded before any is answered, so also when answering fails.
     */
    public List<Map<String, InputRequest>> inputBatches() {
        return List.copyOf(inputBatches);
    }

    /** How many times the handler called {@link #closeResponseConnection}, whatever it was answered. */
    public int responseConnectionCloses() {
        return responseConnectionCloses.get();
    }

    /**
     * Waits until at least {@code count} progress notifications were recorded, or {@code timeout} passed.
     *
     * @return true if they were, false on timeout
     */
    public boolean awaitProgress(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (progressMonitor) {
            while (progress.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                TimeUnit.NANOSECONDS.timedWait(progressMonitor, left);
            }
            return true;
        }
    }

    /**
     * Marks the request cancelled, as the client's {@code notifications/cancelled} would. Unlike the server this does
     * not interrupt the handler's thread: a test that wants that interrupts the thread it started.
     */
    public void cancel() {
        cancelled = true;
    }

    @Override
    public String protocolVersion() {
        return protocolVersion;
    }

    @Override
    public Implementation clientInfo() {
        return null;
    }

    @Override
    public PluginConfig config() {
        return config;
    }

    @Override
    public boolean hasProgressToken() {
        return progressToken;
    }

    @Override
    public void progress(double value, Double total, String message) {
        if (!progressToken) return;
        synchronized (progressMonitor) {
            progress.add(new Progress(value, total, message));
            progressMonitor.notifyAll();
        }
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
        logs.add(new Log(level, logger, data));
    }

    @Override
    public void resourceUpdated(String uri) {
        updatedUris.add(uri);
    }

    @Override
    public boolean closeResponseConnection() {
        responseConnectionCloses.incrementAndGet();
        return closableResponseConnection;
    }

    /** True after {@link #cancel()}, or while the calling thread is interrupted (how the server cancels a call). */
    @Override
    public boolean isCancelled() {
        return cancelled || Thread.currentThread().isInterrupted();
    }

    @Override
    public boolean clientSupportsRoots() {
        return roots != null;
    }

    @Override
    public boolean clientSupportsSampling() {
        return model != null;
    }

    @Override
    public boolean clientSupportsElicitation() {
        return user != null;
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return urlElicitation;
    }

    @Override
    public List<Root> roots(Duration timeout) {
        if (roots == null) throw notSupported("roots");
        return roots;
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        if (model == null) throw notSupported("sampling");
        samplingRequests.add(request);
        return model.apply(request);
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        if (user == null) throw notSupported("elicitation");
        elicitRequests.add(request);
        return user.apply(request);
    }

    @Override
    public InputResponses requestInputs(Map<String, InputRequest> requests, Duration timeout) {
        inputBatches.add(Collections.unmodifiableMap(new LinkedHashMap<>(requests)));
        return RequestContext.super.requestInputs(requests, timeout);
    }

    private static ClientRequestException notSupported(String capability) {
        return new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED,
                "the test client declared no " + capability);
    }

    /** Configures a {@link RecordingContext}; by default it is {@link #plain()}. Not thread-safe. */
    public static final class Builder {
        private String protocolVersion = "2025-11-25";
        private Map<String, String> config = Map.of();
        private boolean progressToken;
        private boolean closableResponseConnection;
        private Function<CreateMessageRequest, CreateMessageResult> model;
        private Function<ElicitRequest, ElicitResult> user;
        private boolean urlElicitation;
        private List<Root> roots;

        private Builder() {
        }

        /** The negotiated revision the handler sees; {@code 2025-11-25} unless set. */
        public Builder protocolVersion(String protocolVersion) {
            this.protocolVersion = Objects.requireNonNull(protocolVersion);
            return this;
        }

        /** The plugin configuration the handler sees; empty unless set. */
        public Builder config(Map<String, String> config) {
            this.config = Map.copyOf(config);
            return this;
        }

        /** Whether the request carried a progress token; without one, progress calls are dropped as the server does. */
        public Builder progressToken(boolean progressToken) {
            this.progressToken = progressToken;
            return this;
        }

        /** What {@link RecordingContext#closeResponseConnection()} answers: whether a resumable stream carries it. */
        public Builder closableResponseConnection(boolean closable) {
            this.closableResponseConnection = closable;
            return this;
        }

        /** The client declares {@code sampling}; its model answers each request with {@code model}. */
        public Builder sampling(Function<CreateMessageRequest, CreateMessageResult> model) {
            this.model = Objects.requireNonNull(model);
            return this;
        }

        /** The client declares {@code elicitation} (form mode); its user answers each request with {@code user}. */
        public Builder elicitation(Function<ElicitRequest, ElicitResult> user) {
            this.user = Objects.requireNonNull(user);
            return this;
        }

        /** The client declares URL-mode elicitation too; needs {@link #elicitation}. */
        public Builder urlElicitation() {
            this.urlElicitation = true;
            return this;
        }

        /** The client declares {@code roots} and lists these. */
        public Builder roots(List<Root> roots) {
            this.roots = List.copyOf(roots);
            return this;
        }

        public RecordingContext build() {
            if (urlElicitation && user == null) {
                throw new IllegalStateException("URL-mode elicitation needs an elicitation answer");
            }
            return new RecordingContext(this);
        }
    }
}
