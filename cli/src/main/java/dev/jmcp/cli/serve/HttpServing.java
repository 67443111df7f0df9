package dev.jmcp.cli.serve;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.auth.Authorization;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.console.Console;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.process.StdioProcess;
import dev.jmcp.server.state.SharedState;
import org.slf4j.Logger;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one server over HTTP (Streamable HTTP, the legacy HTTP+SSE transport, or both) until the process is told to
 * stop (SIGTERM/SIGINT), or with {@code --stdio} also over standard input and output until that ends. The shutdown
 * hook closes the transport, then the server, then logging. Called once per process, from the main thread.
 */
final class HttpServing {
    private HttpServing() {
    }

    /**
     * The first half of a graceful stop: new requests are refused (503) and readiness turns false, while calls in
     * flight get up to the grace period to finish, and those still running then are answered with an error. Event
     * streams and sessions end when the transport closes next.
     */
    private static void drain(McpServer server, HttpTransport transport, HttpOptions httpOptions, Logger log) {
        transport.drain();
        log.info("Stopping: new requests are refused; calls in flight have up to {} s to finish",
                httpOptions.gracePeriod().toSeconds());
        try {
            if (!transport.awaitIdle(httpOptions.gracePeriod())) {
                // As over stdio: each call of a session still running is answered with an error saying so.
                int stopped = server.stopInFlight();
                log.warn("Calls still in flight after the {} s grace period are cut off: {} answered with an error "
                        + "saying the server stopped", httpOptions.gracePeriod().toSeconds(), stopped);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Writes the endpoint's URL and a line end to {@code file}, whole or not at all: a reader that sees the file sees
     * the address (written beside it, then renamed over it).
     */
    static void writeAddress(Path file, URI url) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path written = absolute.resolveSibling(absolute.getFileName() + ".part");
        try {
            Files.writeString(written, url + System.lineSeparator());
            Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IOException("cannot write the address file " + file + " (--address-file): " + e, e);
        }
    }

    /** Serves until the process is stopped; returns the exit code (1 when the port cannot be bound, logged). */
    static int serve(ServerOptions options, HttpOptions httpOptions, Authorization authorization, boolean logCalls,
                     boolean telemetry, boolean console, Path devBuildStatus,
                     Path addressFile, SharedState shared,
                     boolean alsoStdio, Logger log, SearchServing search) {
        // Nothing reads stdout in HTTP mode, but a plugin's stray print still belongs with the logs.
        System.setOut(System.err);
        McpServer server = search.server(options);
        Observing observing = Observing.attach(server, logCalls, telemetry, "tcp");
        if (shared != null) server.share(shared);
        HttpTransport transport;
        try {
            transport = new HttpTransport(server, httpOptions);
        } catch (IllegalArgumentException e) {
            // A TLS certificate or key that cannot be used: say which and why, without a stack trace.
            log.error("Cannot serve HTTPS: {}", e.getMessage());
            return 1;
        }
        if (authorization != null) authorization.install(transport);
        if (console) {
            var shown = new Console(server);
            if (devBuildStatus != null) shown.devBuild(devBuildStatus);
            shown.install(transport);
        }
        AtomicBoolean closed = new AtomicBoolean();
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable close = () -> {
            if (closed.compareAndSet(false, true)) {
                try {
                    transport.close();
                    server.close();
                } catch (RuntimeException e) {
                    log.warn("Closing the server failed", e);
                }
                observing.close();
                if (shared != null) shared.close();
            }
        };
        AtomicBoolean failed = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmcp-shutdown").unstarted(() -> {
            if (!failed.get() && !closed.get()) drain(server, transport, httpOptions, log);
            close.run();
            stopped.countDown();
            LogSetup.shutdown();
            // Stopped by SIGTERM/SIGINT: a clean stop exits 0, as the README says, not 128+n.
            if (!failed.get()) Runtime.getRuntime().halt(0);
        }));
        try {
            // The plugins load once the port is open (on a small machine the two would compete for the CPUs, and
            // the first answer, to initialize, needs no plugin). A client that connects at once gets its initialize
            // answered, and its requests that need the plugins wait for them, so it finds every plugin served;
            // /ready says 503 until they are loaded, so a load balancer sends nothing here before.
            var loading = server.startWhenReady();
            try {
                transport.start();
            } catch (IOException | RuntimeException e) {
                loading.abandon(e);
                throw e;
            }
            loading.begin();
            StdioProcess.exitWhenTheLoadFails(loading, failed, log);
            if (httpOptions.streamableHttp()) {
                log.info("{} {} serving Streamable HTTP at {}; plugins from {}", options.name(), options.version(),
                        transport.url(), options.pluginsDirectory());
            }
            if (console) log.info("The console is at {}", transport.url().resolve("/console/"));
            if (httpOptions.legacySse()) {
                log.info("{} {} serving HTTP+SSE (2024-11-05) at http://{}:{}/sse", options.name(), options.version(),
                        httpOptions.host(), transport.port());
            }
            if (addressFile != null) {
                URI url = transport.url();
                writeAddress(addressFile, httpOptions.streamableHttp() ? url : url.resolve("/sse"));
            }
            if (alsoStdio) {
                // Until the stdio client goes (standard input ends), then as a stop: HTTP clients are drained first.
                StdioProcess.serveBeside(server, log);
                drain(server, transport, httpOptions, log);
                close.run();
                return 0;
            }
            stopped.await();
            return 0;
        } catch (IOException e) {
            // The transport's message names the address already: "cannot serve HTTP on HOST:PORT: why".
            log.error("{}", e.getMessage());
            failed.set(true);
            close.run();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (RuntimeException e) {
            log.error("The server failed", e);
            failed.set(true);
            close.run();
            return 1;
        }
    }
}
