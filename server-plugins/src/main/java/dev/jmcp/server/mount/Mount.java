package dev.jmcp.server.mount;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.client.Subscription;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.InputResponses;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.OutboundRequest;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Lease;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.observe.LogTap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Another MCP server served as a plugin: jmcp is its client (through {@code jmcp-client}) and serves its tools, prompts,
 * resources and templates as a {@link Contribution}, so a client cannot tell them from a JAR's. The mount is the
 * {@link Owner} of those entries, with a lease like a JAR plugin's.
 *
 * <p>{@link #open} connects and lists at once (and fails with the reason when it cannot); from then a supervisor
 * thread checks the server every {@link #HEALTH_INTERVAL} and, when it died, starts it again with back-off (0.25 s
 * doubling to 30 s). While it restarts, calls wait for it up to the connect timeout; if the first restart fails its
 * declarations are withdrawn, and they return when it is back. The mounted server's {@code list_changed} makes the
 * mount list again; each new set of declarations goes to the {@link Listener}, as do {@code resources/updated}.
 *
 * <p>A lazy mount ({@code "lazy": true} and a {@link ManifestCache.Slot}) serves its server's last {@link Manifest}
 * from the cache and starts the server only when a request needs it ({@link #client()}): a call, a read, a prompt, a
 * completion. The server is then listed afresh, the cache rewritten, and the {@link Listener} told when the manifest
 * changed; from then on the mount is supervised as any other. With no cached manifest, {@link #open} starts the
 * server once to learn it and stops it again, so a lazy mount's server runs only once used.
 *
 * <p>Owned by the plugin host, which {@link #retire}s it; it then closes (stopping a stdio server) once the last call
 * has left. Thread-safe.
 */
public final class Mount implements Owner {
    static final Duration HEALTH_INTERVAL = Duration.ofSeconds(1);
    private static final Duration LOG_LINGER = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /** How long the 2026-07-28 probe may go unanswered before the server is spoken to as a legacy one. */
    static final Duration DISCOVER_TIMEOUT = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(Mount.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    /** Who serves the mount's declarations. Called on the mount's threads. */
    public interface Listener {
        /** The mounted server's declarations changed (listed again, withdrawn while it is down, back). */
        void declarationsChanged(Mount mount);

        /** The mounted server said a resource changed. */
        void resourceUpdated(String uri);
    }

    private final MountSpec spec;
    private final Listener listener;
    private final Lease lease;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Semaphore kick = new Semaphore(0);
    private final AtomicBoolean relisting = new AtomicBoolean();
    /** Calls in flight, oldest first: where the mounted server's questions and log messages go. */
    private final ConcurrentLinkedDeque<Forwarding> active = new ConcurrentLinkedDeque<>();
    private final Object linkLock = new Object();
    private volatile McpClient client;
    /** The connection last ended by jmcp itself (a call timed out or was cancelled), not by a crash. */
    private volatile McpClient endedOnPurpose;
    private volatile Contribution contribution;
    /** What the server offers, as last listed or read from the cache. */
    private volatile Manifest manifest;
    /** Where a lazy mount keeps its manifest; null for a mount that is not lazy. */
    private final ManifestCache.Slot cache;
    /** True while a lazy mount's server has not been started for a request. */
    private volatile boolean dormant;
    private final java.util.concurrent.locks.ReentrantLock waking = new java.util.concurrent.locks.ReentrantLock();
    /** 2026-07-28: the stream that brings the server's list changes and resource updates (null in a stateful session). */
    private volatile Subscription listening;
    private Thread supervisor;

    private Mount(MountSpec spec, Listener listener, ManifestCache.Slot cache) {
        this.spec = spec;
        this.lease = new Lease(spec.name());
        this.listener = listener;
        this.cache = spec.lazy() ? cache : null;
    }

    /**
     * Connects to the server {@code spec} names, lists what it offers and starts supervising it.
     *
     * @throws IOException with the reason when the server cannot be started, initialized or listed
     */
    public static Mount open(MountSpec spec, Listener listener) throws IOException, InterruptedException {
        return open(spec, listener, null);
    }

    /**
     * As {@link #open(MountSpec, Listener)}; a lazy {@code spec} with a {@code cache} slot instead serves the
     * manifest kept there without starting the server, or, when there is none, starts the server to list it, keeps
     * it, and stops the server again.
     *
     * @throws IOException with the reason when the server cannot be started, initialized or listed
     */
    public static Mount open(MountSpec spec, Listener listener, ManifestCache.Slot cache)
            throws IOException, InterruptedException {
        var mount = new Mount(spec, listener, cache);
        if (mount.cache != null) {
            Manifest kept = mount.cache.read();
            if (kept == null) {
                McpClient once = mount.connect();
                try {
                    kept = mount.declare(once);
                } finally {
                    once.close();
                }
                LOG.info("Mount {}: listed its server once for the cache, and stopped it until it is used", spec.name());
            } else {
                LOG.debug("Mount {}: served from its cached manifest {}", spec.name(), mount.cache.file());
            }
            mount.manifest = kept;
            mount.contribution = Declarations.of(mount, kept);
            mount.dormant = true;
            return mount;
        }
        McpClient first = mount.connect();
        try {
            mount.manifest = mount.declare(first);
            mount.contribution = Declarations.of(mount, mount.manifest);
        } catch (IOException | RuntimeException e) {
            first.close();
            throw e;
        }
        mount.client = first;
        mount.listen(first, mount.manifest);
        mount.supervisor = Thread.ofVirtual().name("jmcp-mount-" + spec.name()).start(mount::supervise);
        return mount;
    }

    /**
     * Lists what the server behind {@code on} offers, subscribes to its resources (a stateful session) and, for a lazy
     * mount, keeps the manifest in the cache.
     */
    private Manifest declare(McpClient on) throws IOException, InterruptedException {
        Manifest listed = Manifest.list(on);
        Declarations.subscribe(this, on, listed);
        if (cache != null) cache.write(listed);
        return listed;
    }

    /**
     * Starts a lazy mount's server for the first request that needs it (the others wait, up to the connect timeout),
     * lists it afresh and supervises it from then on; the listener hears of a manifest that changed since it was
     * cached.
     */
    private void wake() throws IOException, InterruptedException {
        if (!waking.tryLock(spec.connectTimeout().toNanos(), TimeUnit.NANOSECONDS)) {
            throw new IOException("the server of plugin " + name() + " is still starting");
        }
        try {
            if (!dormant) return;
            if (closing.get()) throw new IOException("plugin " + name() + " is closed");
            LOG.info("Mount {}: starting its server for its first request", spec.name());
            McpClient fresh;
            Manifest listed;
            try {
                fresh = connect();
            } catch (IOException | RuntimeException e) {
                throw new IOException("cannot start its server: " + e.getMessage(), e);
            }
            try {
                listed = declare(fresh);
            } catch (IOException | RuntimeException e) {
                fresh.close();
                throw new IOException("its server started but cannot be listed: " + e.getMessage(), e);
            }
            Manifest cached = manifest;
            synchronized (linkLock) {
                if (closing.get()) {
                    fresh.close();
                    throw new IOException("plugin " + name() + " is closed");
                }
                manifest = listed;
                contribution = Declarations.of(this, listed);
                client = fresh;
                linkLock.notifyAll();
            }
            dormant = false;
            listen(fresh, listed);
            supervisor = Thread.ofVirtual().name("jmcp-mount-" + spec.name()).start(this::supervise);
            if (!listed.sameAs(cached)) {
                LOG.info("Mount {}: its server offers other things than its cached manifest said; serving them now",
                        spec.name());
                Thread.ofVirtual().name("jmcp-mount-refreshed-" + spec.name())
                        .start(() -> listener.declarationsChanged(this));
            }
        } finally {
            waking.unlock();
        }
    }

    /** False while a lazy mount's server has not been started (and for a mount that is closed). */
    public boolean running() {
        return !dormant && client != null;
    }

    /** What the mounted server offers, as last listed or read from the cache. */
    public Manifest manifest() {
        return manifest;
    }

    /** True when the server's manifest, as jmcp knows it now, has a tool of this name (its own, unprefixed). */
    boolean offersTool(String name) {
        return manifest.tools().stream().anyMatch(tool -> tool.name().equals(name));
    }

    @Override
    public String name() {
        return spec.name();
    }

    /** The mounted server's title and instructions, as its initialize answered; null when it gave neither. */
    @Override
    public String description() {
        // The manifest, not the live client: a lazy mount not started yet has its server's words only there.
        Manifest current = manifest;
        if (current == null) return null;
        var info = current.serverInfo();
        String title = info == null ? null : info.title();
        String instructions = current.instructions();
        if (instructions != null && instructions.length() > 2_000) instructions = instructions.substring(0, 2_000);
        String text = (title == null ? "" : title) + (instructions == null ? "" : (title == null ? "" : ". ") + instructions);
        return text.isBlank() ? null : text;
    }

    public MountSpec spec() {
        return spec;
    }

    /** What the mounted server offers now (empty while it is down past its first restart). */
    public Contribution contribution() {
        return contribution;
    }

    private McpClient connect() throws IOException, InterruptedException {
        McpClientBuilder builder = McpClient.builder()
                .clientInfo(new Implementation("jmcp-mount", "jmcp"))
                // Unless the file pins one, the client's own negotiation: 2026-07-28 when the server speaks it (its
                // own input keys, every input of a round at once, each request's capabilities), else the newest
                // stateful revision it answers initialize with. The file names the transport: no HTTP+SSE guess.
                .legacySseFallback(false)
                // A legacy server may ignore a request before initialize: after this long it is taken for one.
                .discoverTimeout(DISCOVER_TIMEOUT.compareTo(spec.connectTimeout()) < 0 ? DISCOVER_TIMEOUT
                        : spec.connectTimeout())
                .requestTimeout(spec.connectTimeout())
                .maxRequestTimeout(spec.callTimeout().compareTo(spec.connectTimeout()) > 0 ? spec.callTimeout()
                        : spec.connectTimeout())
                .connectTimeout(spec.connectTimeout())
                .onSampling(request -> (dev.jmcp.protocol.CreateMessageResult) ask(Forwarding.Ask.Kind.SAMPLE, request))
                .onElicitation(request -> (dev.jmcp.protocol.ElicitResult) ask(Forwarding.Ask.Kind.ELICIT, request))
                .roots(this::roots)
                .onInputRequired(this::answerRound)
                // The mounted server made a call a task (only for a caller that declared the extension: each call
                // passes its caller's capabilities on): jmcp's call becomes one too, and the client follows the
                // mounted task (tasks/get and tasks/update declare the extension).
                .tasks()
                .onTaskCreated(created -> ask(Forwarding.Ask.Kind.START_TASK, created))
                // Everything it logs comes here; each call's context passes on what its client asked for.
                .logLevel(LoggingLevel.DEBUG)
                .onNotification(this::notified)
                .stderr(line -> LogTap.forPlugin(spec.name(), () -> LOG.info("[{}] {}", spec.name(), line)));
        if (spec.protocolVersion() != null) {
            builder.protocolVersion(ProtocolVersion.fromWire(spec.protocolVersion()).orElseThrow(() ->
                    new IOException("\"protocolVersion\" " + spec.protocolVersion() + " is not a revision jmcp speaks")));
        }
        McpClient opened;
        if (spec.url() != null) {
            spec.headers().forEach(builder::header);
            opened = spec.legacySse() ? builder.sse(spec.url()) : builder.http(spec.url());
        } else {
            if (spec.cwd() != null) builder.workingDirectory(spec.cwd());
            opened = builder.stdio(spec.command(), spec.env());
        }
        return opened;
    }

    /**
     * The live client, starting a lazy mount's server first if it has not run yet, and waiting for a restart up to
     * the connect timeout.
     */
    McpClient client() throws IOException, InterruptedException {
        if (dormant) wake();
        long deadline = System.nanoTime() + spec.connectTimeout().toNanos();
        synchronized (linkLock) {
            while (client == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || closing.get()) {
                    throw new IOException("the server of plugin " + name() + " is not running (restarting)");
                }
                TimeUnit.NANOSECONDS.timedWait(linkLock, left);
            }
            return client;
        }
    }

    /**
     * Runs one forwarded request for a call of jmcp's client: registers the call so the mounted server's questions
     * and log messages reach its context.
     */
    <T> T forward(dev.jmcp.plugin.RequestContext context, String what, Forwarding.Remote<T> remote) throws Exception {
        var forwarding = new Forwarding(context, spec.callTimeout());
        active.add(forwarding);
        try {
            return forwarding.run(what, remote);
        } finally {
            forwarding.end();
            // The client hands notifications over on a thread of its own, so a log message sent just before the
            // answer may be delivered just after it: the call stays a log target a moment longer. Calls that ended
            // longer ago are dropped here, as each call ends, and not by a sleeping thread per call: that thread and
            // its timer were a good part of a mounted call's own cost.
            long now = System.nanoTime();
            active.removeIf(call -> !call.within(now, LOG_LINGER));
        }
    }

    /** True when {@code used} was closed by jmcp to end a hung call, so a call that failed on it may be tried again. */
    boolean endedOnPurpose(McpClient used) {
        return used == endedOnPurpose;
    }

    /**
     * A call failed on the connection {@code used} (the server crashed, or its pipe broke): that connection is
     * dropped at once, so the next call waits for the restart instead of failing on it too, and the supervisor
     * restarts the server now rather than at its next round. Unlike {@link #broken}, calls that also fail on it are
     * not tried again: they may have been running when it crashed.
     */
    void suspect(McpClient used) {
        synchronized (linkLock) {
            if (client == used) client = null;
        }
        used.close();
        kick.release();
    }

    /** The connection failed under a call (or the call was abandoned and the user wants a fresh server): restart. */
    void broken(McpClient failed) {
        synchronized (linkLock) {
            if (client != failed) return;
            client = null;
            endedOnPurpose = failed;
        }
        failed.close();
        kick.release();
    }

    /**
     * Passes a question of the mounted server to the call it belongs to: the one whose request it came with (in
     * 2026-07-28 every question comes in its own call's result; over Streamable HTTP on its call's stream), else (a
     * stateful session over stdio, which does not say) the oldest call in flight.
     */
    private Object ask(Forwarding.Ask.Kind kind, Object request) {
        Forwarding target = Forwarding.running();
        Thread requester = McpClient.requestingThread();
        if (target == null && requester != null) {
            target = active.stream().filter(f -> f.runsOn(requester) && !f.ended()).findFirst().orElse(null);
        }
        if (target == null) target = active.stream().filter(f -> !f.ended()).findFirst().orElse(null);
        if (target == null) {
            throw new dev.jmcp.client.McpErrorException(dev.jmcp.protocol.jsonrpc.ErrorCodes.INTERNAL_ERROR,
                    "jmcp can only pass a request to its client during a call", null);
        }
        var question = new Forwarding.Ask(kind, request);
        target.ask(question);
        try {
            return question.await(spec.callTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.jmcp.client.McpErrorException(dev.jmcp.protocol.jsonrpc.ErrorCodes.INTERNAL_ERROR,
                    "cancelled", null);
        }
    }

    /**
     * One {@code input_required} round of the mounted server (2026-07-28), asked of jmcp's client as a whole under the
     * server's own keys: in 2026-07-28 jmcp's call ends with the same {@code input_required} round, and the client's
     * answers come back when it retries; in a stateful session each is sent to the client as its own request.
     */
    private Map<String, Object> answerRound(Map<String, JsonRpcRequest> requests) throws InterruptedException {
        var inputs = new LinkedHashMap<String, InputRequest>();
        requests.forEach((key, request) -> {
            OutboundRequest method = OutboundMethods.request(request.method());
            if (method == null) {
                throw new McpErrorException(ErrorCodes.METHOD_NOT_FOUND, "jmcp cannot pass '" + request.method()
                        + "' on to its client", null);
            }
            inputs.put(key, method.input().apply(request.params()));
        });
        var answers = (InputResponses) ask(Forwarding.Ask.Kind.INPUTS, inputs);
        var trees = new LinkedHashMap<String, Object>();
        answers.answers().forEach((key, answer) -> trees.put(key,
                OutboundMethods.of(inputs.get(key)).result().apply(answer)));
        return trees;
    }

    @SuppressWarnings("unchecked")
    private List<Root> roots() {
        if (active.stream().allMatch(Forwarding::ended)) return List.of();
        return (List<Root>) ask(Forwarding.Ask.Kind.ROOTS, null);
    }

    private void notified(ServerNotification notification) {
        switch (notification) {
            case ServerNotification.Progress progress -> {
                // Each call receives its own progress through its callTool listener.
            }
            case ServerNotification.LogMessage message -> {
                // The call it came with, when the transport says; else every call in flight.
                Thread requester = McpClient.requestingThread();
                long now = System.nanoTime();
                List<Forwarding> targets = active.stream().filter(f -> requester == null || f.runsOn(requester))
                        .filter(f -> f.within(now, LOG_LINGER)).toList();
                if (targets.isEmpty()) {
                    LogTap.forPlugin(spec.name(),
                            () -> LOG.info("[{}] {}: {}", spec.name(), message.level(), message.data()));
                }
                for (Forwarding call : targets) {
                    call.context().log(message.level(), message.logger(), message.data());
                }
            }
            case ServerNotification.ListChanged changed -> relistSoon();
            case ServerNotification.ResourceUpdated updated -> listener.resourceUpdated(spec.servedUri(updated.uri()));
            case ServerNotification.Other other -> {
            }
        }
    }

    /**
     * In 2026-07-28 the server sends list changes and resource updates only on a {@code subscriptions/listen} stream:
     * opens one for what {@code declared} holds, then ends the one it replaces. Nothing to do in a stateful session.
     */
    private void listen(McpClient on, Manifest declared) {
        Subscription fresh = null;
        try {
            fresh = Declarations.listen(on, declared);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Mount {}: subscriptions/listen failed, so its list changes will not be seen: {}", spec.name(),
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Subscription replaced;
        synchronized (linkLock) {
            replaced = listening;
            listening = fresh;
        }
        if (replaced != null) replaced.close();
    }

    private void relistSoon() {
        if (!relisting.compareAndSet(false, true)) return;
        Thread.ofVirtual().name("jmcp-mount-relist-" + spec.name()).start(() -> {
            relisting.set(false);
            McpClient current = client;
            if (current == null || closing.get()) return;
            try {
                Manifest listed = declare(current);
                manifest = listed;
                contribution = Declarations.of(this, listed);
                listen(current, listed);
                listener.declarationsChanged(this);
            } catch (IOException | RuntimeException e) {
                LOG.warn("Mount {}: listing again after list_changed failed: {}", spec.name(), e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Checks the server every {@link #HEALTH_INTERVAL}; restarts it with back-off when it died. */
    private void supervise() {
        Duration backoff = Duration.ofMillis(250);
        boolean withdrawn = false;
        try {
            while (!closing.get()) {
                McpClient current = client;
                if (current != null) {
                    kick.tryAcquire(HEALTH_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
                    if (closing.get()) return;
                    current = client;
                    if (current == null) continue;
                    try {
                        current.ping();
                        continue;
                    } catch (IOException e) {
                        if (e instanceof dev.jmcp.client.RequestTimeoutException) continue; // busy, not dead
                        LOG.warn("Mount {}: the server stopped answering ({}); restarting it", spec.name(),
                                e.getMessage());
                        broken(current);
                    } catch (RuntimeException e) {
                        continue; // it answered, with an error: alive
                    }
                }
                try {
                    McpClient fresh = connect();
                    Manifest listed;
                    try {
                        listed = declare(fresh);
                    } catch (IOException | RuntimeException e) {
                        fresh.close();
                        throw e;
                    }
                    synchronized (linkLock) {
                        if (closing.get()) {
                            fresh.close();
                            return;
                        }
                        client = fresh;
                        manifest = listed;
                        contribution = Declarations.of(this, listed);
                        linkLock.notifyAll();
                    }
                    listen(fresh, listed);
                    LOG.info("Mount {}: the server is back", spec.name());
                    backoff = Duration.ofMillis(250);
                    withdrawn = false;
                    listener.declarationsChanged(this);
                } catch (IOException | RuntimeException e) {
                    LOG.warn("Mount {}: restarting the server failed ({}); next attempt in {} ms", spec.name(),
                            e.getMessage(), backoff.toMillis());
                    if (!withdrawn) {
                        withdrawn = true;
                        contribution = Declarations.none(this);
                        listener.declarationsChanged(this);
                    }
                    kick.tryAcquire(backoff.toMillis(), TimeUnit.MILLISECONDS);
                    backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    @Override
    public boolean enter() {
        return lease.enter();
    }

    @Override
    public void exit() {
        if (lease.exit()) close();
    }

    /** No new call may enter; the server is stopped once no call is inside. Idempotent. */
    public void retire() {
        if (lease.retire()) close();
    }

    /** True when retired and no call is inside. */
    public boolean idle() {
        return lease.idle();
    }

    /** Waits up to {@code timeout} for the mount to be closed; true if it is. */
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void close() {
        if (!closing.compareAndSet(false, true)) return;
        Thread.ofVirtual().name("jmcp-mount-close-" + spec.name()).start(() -> {
            if (supervisor != null) supervisor.interrupt();
            McpClient last;
            synchronized (linkLock) {
                last = client;
                client = null;
                linkLock.notifyAll();
            }
            Subscription stream = listening;
            if (stream != null) stream.close();
            if (last != null) last.close();
            LOG.debug("Mount {} closed", spec.name());
            closed.countDown();
        });
    }

    @Override
    public String toString() {
        return "mount " + spec.name() + " (" + spec.describe() + ")";
    }
}
