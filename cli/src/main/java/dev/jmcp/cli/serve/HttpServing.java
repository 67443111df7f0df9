package dev.jmcp.cli.serve;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import org.slf4j.Logger;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one server over HTTP (Streamable HTTP, the legacy HTTP+SSE transport, or both) until the process is told to
 * stop (SIGTERM/SIGINT). The shutdown hook closes the transport, then the server, then logging. Called once per
 * process, from the main thread.
 */
final class HttpServing {
    private HttpServing() {
    }

    /** Serves until the process is stopped; returns the exit code (1 when the port cannot be bound, logged). */
    static int serve(ServerOptions options, HttpOptions httpOptions, Logger log) {
        // Nothing reads stdout in HTTP mode, but a plugin's stray print still belongs with the logs.
        System.setOut(System.err);
        McpServer server = new McpServer(options);
        HttpTransport transport = server.http(httpOptions);
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
            }
        };
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmcp-shutdown").unstarted(() -> {
            close.run();
            stopped.countDown();
            LogSetup.shutdown();
        }));
        try {
            server.start();
            transport.start();
            if (httpOptions.streamableHttp()) {
                log.info("{} {} serving Streamable HTTP at {}; plugins from {}", options.name(), options.version(),
                        transport.url(), options.pluginsDirectory());
            }
            if (httpOptions.legacySse()) {
                log.info("{} {} serving HTTP+SSE (2024-11-05) at http://{}:{}/sse", options.name(), options.version(),
                        httpOptions.host(), transport.port());
            }
            stopped.await();
            return 0;
        } catch (IOException e) {
            log.error("Cannot serve HTTP on {}:{}: {}", httpOptions.host(), httpOptions.port(), e.getMessage());
            close.run();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (RuntimeException e) {
            log.error("The server failed", e);
            close.run();
            return 1;
        }
    }
}
