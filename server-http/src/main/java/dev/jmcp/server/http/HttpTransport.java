package dev.jmcp.server.http;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.engine.Engines;
import dev.jmcp.server.http.routes.Routes;
import dev.jmcp.server.session.Admission;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Serves an {@link Engine} over HTTP: Streamable HTTP at {@link HttpOptions#path()} and, when enabled, the legacy
 * HTTP+SSE transport at {@code /sse} and {@code /messages}, on one Jetty server whose handlers run on virtual threads.
 * Create, {@link #start}, then {@link #close} (ends every session, then stops Jetty). Thread-safe. A session idle
 * past {@link HttpOptions#sessionIdleTimeout()} is ended by a sweeper, which also keeps quiet streams alive.
 */
public final class HttpTransport implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HttpTransport.class);

    private final HttpOptions options;
    private final Engine engine;
    private final SessionTable sessions;
    /** The one admission of this transport's stateless requests, the engine's (it counts and stops them). */
    private final Admission statelessAdmission;
    private final StatelessExchanges statelessExchanges;
    private final Server server;
    private final Router router;
    private final StreamableEndpoint streamable;
    private final LegacySseEndpoint legacy;
    private final ServerConnector connector;
    /** The TLS context, reloaded when the certificate files change; null over plain HTTP. */
    private final SslContextFactory.Server ssl;
    private final ScheduledExecutorService sweeper;

    /**
     * Starts, on a thread of its own, the first uses that every HTTP server's start makes and that depend on nothing:
     * Jetty's table of media types (its class initialiser reads and indexes them, about 11 ms) and the JDK's secure
     * random numbers for session ids (the security providers, about 7 ms). Called early, they overlap the rest of a
     * start instead of lengthening the thread that opens the port. Jetty's classes make loggers as they load, so call
     * it once logging is set up.
     */
    public static void prepare() {
        Thread.ofPlatform().daemon().name("jmcp-http-prepare").start(() -> {
            try {
                MimeTypes.DEFAULTS.getMimeByExtension("json");
                new SecureRandom().nextInt();
            } catch (RuntimeException e) {
                // Only a head start: the server's own start reports whatever is wrong.
            }
        });
    }

    /**
     * The engine {@code server} runs, which is private to it: no embedder sees the engine. Read with a lookup the server's
     * module opens its root package to this module for (the server's module must not name the HTTP transport, which
     * lives in a module of its own so that a server without HTTP brings no Jetty).
     */

    /** How long a thread of the HTTP server's pool above its minimum may stay idle before it ends. */
    static final java.time.Duration THREAD_IDLE_TIMEOUT = java.time.Duration.ofSeconds(10);

    /**
     * An HTTP transport serving {@code server} (Streamable HTTP and, when enabled, the legacy HTTP+SSE transport). The
     * caller starts and closes it, and closes it before the server.
     */
    public HttpTransport(McpServer server, HttpOptions options) {
        this(Engines.of(server), options);
    }

    /** For tests that serve an engine of their own; embedders go through {@link McpServer}. */
    HttpTransport(Engine engine, HttpOptions options) {
        this.options = options;
        this.engine = engine;
        this.sessions = new SessionTable(options.maxSessions());
        // Admitted as every wire's requests are; the engine counts them in McpServer.requestsInFlight beside the
        // sessions' ones, waits for them when shutting down, and stops them when its grace period ends.
        this.statelessAdmission = engine.connectionless(options.maxStatelessCalls());
        this.statelessExchanges = new StatelessExchanges();
        padJettyQueuesWithoutJmx();
        var threads = new QueuedThreadPool();
        threads.setName("jmcp-http");
        // Jetty evicts one idle thread per idle timeout by default, so a burst that grew the pool by a hundred threads
        // (clients abusing streams) left them for a hundred minutes; every thread idle that long goes at once.
        threads.setIdleTimeout((int) THREAD_IDLE_TIMEOUT.toMillis());
        threads.setMaxEvictCount(threads.getMaxThreads());
        var virtual = new VirtualThreadPool();
        virtual.setName("jmcp-http-request");
        // Jetty would make this executor through reflection (it also runs on JDKs without virtual threads): its first
        // reflective calls cost a start about 8 ms.
        virtual.setVirtualThreadsExecutor(
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("jmcp-http-request-", 0).factory()));
        threads.setVirtualThreadsExecutor(virtual);
        this.server = new Server(threads);
        var http = new HttpConfiguration();
        // No "Server: Jetty(...)" header: a client needs nothing from it and a scanner learns the version.
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        this.ssl = options.tls() == null ? null : sslContext(options.tls());
        this.connector = ssl == null ? new ServerConnector(server, new HttpConnectionFactory(http))
                : tlsConnector(server, http, ssl);
        connector.setHost(options.host());
        connector.setPort(options.port());
        // Streams carry a keep-alive comment every keepAlive, so only a dead connection stays silent this long.
        connector.setIdleTimeout(Math.max(60_000, options.keepAlive().toMillis() * 4));
        server.addConnector(connector);
        this.streamable = new StreamableEndpoint(engine, options, sessions, statelessAdmission, statelessExchanges);
        this.legacy = new LegacySseEndpoint(engine, options, sessions);
        this.router = new Router(options, streamable, legacy, engine::pluginsReady);
        server.setHandler(router);
        Routes.register(this, new TransportRoutes(router, streamable, legacy));
        server.setErrorHandler(new JsonErrorHandler());
        server.setStopTimeout(2_000);
        this.sweeper = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("jmcp-http-sweeper").factory());
    }

    /** The Jetty server, for a connector of one's own (TLS) before {@link #start}; not for handlers. */
    Server jetty() {
        return server;
    }

    /** The SSL context serving the certificate and key {@code tls} names. */
    private static SslContextFactory.Server sslContext(TlsOptions tls) {
        var ssl = new SslContextFactory.Server();
        ssl.setKeyStore(uncheckedLoad(tls));
        ssl.setKeyStorePassword(new String(tls.password()));
        ssl.setKeyManagerPassword(new String(tls.password()));
        return ssl;
    }

    /** A connector speaking HTTP/1.1 over TLS with {@code ssl}. */
    private static ServerConnector tlsConnector(Server server, HttpConfiguration http, SslContextFactory.Server ssl) {
        var secure = new HttpConfiguration(http);
        var customizer = new SecureRequestCustomizer();
        // Clients reach a server by address as often as by name (127.0.0.1, an instance's IP behind a balancer); the
        // Host guard decides which names are allowed, not the certificate.
        customizer.setSniHostCheck(false);
        secure.addCustomizer(customizer);
        return new ServerConnector(server, new SslConnectionFactory(ssl, HttpVersion.HTTP_1_1.asString()),
                new HttpConnectionFactory(secure));
    }

    /**
     * Jetty pads its queues to the CPU cache line, and to size the padding it asks JMX whether object references are
     * compressed, which starts the platform MBean server: about 70 ms of every HTTP start (bench/RESULTS.md). Answered
     * here instead, unless the user set it: references are compressed when the heap can be addressed with them (below
     * 32 GiB, the JVM's default then), 4 bytes each, 16 to a 64-byte line; otherwise 8. Only padding depends on it.
     */
    private static void padJettyQueuesWithoutJmx() {
        String property = "org.eclipse.jetty.util.referencesPerCacheLine";
        if (System.getProperty(property) == null) {
            boolean compressed = Runtime.getRuntime().maxMemory() < 32L * 1024 * 1024 * 1024;
            System.setProperty(property, compressed ? "16" : "8");
        }
    }

    private static java.security.KeyStore uncheckedLoad(TlsOptions tls) {
        try {
            return tls.load();
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** MCP requests get 503 (and {@code /ready} says so) until {@link #ready()}: the plugins are still loading. */
    public void loading() {
        router.state(Router.State.STARTING);
    }

    /** MCP requests are served; {@code /ready} answers 200. The state a transport starts in. */
    public void ready() {
        router.state(Router.State.READY);
    }

    /**
     * Shutdown began: new MCP requests get 503 and {@code /ready} turns false, while requests already in flight go on
     * (the caller waits for them, boundedly, then {@link #close}s).
     */
    public void drain() {
        router.state(Router.State.DRAINING);
    }

    /** The HTTP server's pool of platform threads (tests watch it shrink). */
    QueuedThreadPool threads() {
        return (QueuedThreadPool) server.getThreadPool();
    }

    /**
     * Waits until no request is in flight on this transport (stateful sessions' requests and stateless calls; listen
     * streams do not count), at most {@code timeout}. True when it got there.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return engine.awaitIdle(timeout);
    }

    /** Binds the port and starts serving. Throws when the port cannot be bound. */
    public void start() throws IOException {
        try {
            server.start();
        } catch (Exception e) {
            throw new IOException("cannot serve HTTP on " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
        }
        long idle = options.sessionIdleTimeout().toNanos();
        long period = Math.min(1_000, Math.min(options.keepAlive().toMillis() / 2, options.sessionIdleTimeout().toMillis() / 4));
        if (options.pollAfter() != null) period = Math.min(period, options.pollAfter().toMillis() / 2);
        period = Math.max(10, period);
        long quiet = options.keepAlive().toNanos();
        sweeper.scheduleWithFixedDelay(() -> sessions.sweep(idle), period, period, TimeUnit.MILLISECONDS);
        // A stateless call has no other way to learn that its client hung up ("the server MUST treat a client
        // disconnect as cancellation"): HTTP/1.1 reads nothing while a request is handled, so only a write can fail.
        // Its connection is probed far more often than a stream is kept alive, so a cancelled call stops within about
        // two probes; listen streams keep the keep-alive pace.
        long probe = Math.min(quiet, StatelessExchanges.DISCONNECT_PROBE.toNanos());
        long probePeriod = Math.max(10, TimeUnit.NANOSECONDS.toMillis(probe) / 4);
        sweeper.scheduleWithFixedDelay(() -> statelessExchanges.tick(System.nanoTime(), probe, quiet),
                probePeriod, probePeriod, TimeUnit.MILLISECONDS);
        // A renewed certificate (certbot, cert-manager) is served without a restart.
        if (ssl != null) {
            long every = TlsReloader.PERIOD.toMillis();
            sweeper.scheduleWithFixedDelay(new TlsReloader(options.tls(), ssl), every, every, TimeUnit.MILLISECONDS);
        }
        log.info("serving MCP over HTTP at {}{}", url(), options.legacySse() ? " (and legacy HTTP+SSE at /sse)" : "");
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The Streamable HTTP endpoint's URL. */
    public URI url() {
        String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
        return URI.create((options.tls() == null ? "http://" : "https://") + host + ":" + port() + options.path());
    }

    /** Sessions open now, over both transports. */
    public int sessionCount() {
        return sessions.size();
    }

    /** Stateless requests being answered now, {@code subscriptions/listen} streams included. */
    public int statelessCallCount() {
        return statelessAdmission.size();
    }

    /** Ends every session and stateless call, then stops Jetty. */
    @Override
    public void close() {
        sweeper.shutdownNow();
        sessions.closeAll("the server is shutting down");
        statelessExchanges.closeAll();
        try {
            server.stop();
        } catch (Exception e) {
            log.warn("stopping the HTTP server failed", e);
        }
    }

    /** The open session with this id, or null (tests reach the per-request hooks through it). */
    HostedSession session(String id) {
        return sessions.get(id);
    }

    /** Tells {@code listener} the id of every session the transport ends (deleted, expired, shut down). */
    void onSessionEnded(Consumer<String> listener) {
        sessions.onEnded(listener);
    }
}
