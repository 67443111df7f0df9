package dev.jmcp.cli.serve;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.ServerOptions;
import org.slf4j.Logger;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one server over the process's standard input and output. Owns the process-wide parts of that: it takes the
 * real standard output for the protocol and points {@link System#out} at standard error, so a stray print by a plugin
 * cannot corrupt the stream; it registers the one shutdown hook that, on SIGTERM/SIGINT or at exit, closes the server
 * and then logging. Called once per process, from the main thread.
 */
final class StdioServing {
    private static final int OUTPUT_BUFFER = 64 * 1024;

    private StdioServing() {
    }

    /** Serves until standard input ends; returns the exit code (0, or 1 when serving failed, logged). */
    static int serve(ServerOptions options, Logger log) {
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), OUTPUT_BUFFER);
        InputStream in = System.in;
        PrintStream stderr = System.err;
        System.setOut(stderr);

        McpServer server = new McpServer(options);
        AtomicBoolean closed = new AtomicBoolean();
        Runnable closeServer = () -> {
            if (closed.compareAndSet(false, true)) {
                try {
                    server.close();
                } catch (RuntimeException e) {
                    log.warn("Closing the server failed", e);
                }
            }
        };
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmcp-shutdown").unstarted(() -> {
            closeServer.run();
            LogSetup.shutdown();
        }));

        try {
            server.start();
            log.info("{} {} serving over stdio; plugins from {}", options.name(), options.version(),
                    options.pluginsDirectory());
            server.serveStdio(in, protocol);
            log.info("Standard input closed; shutting down");
            return 0;
        } catch (IOException e) {
            log.error("Serving stdio failed: {}", e.toString());
            return 1;
        } catch (RuntimeException e) {
            log.error("The server failed", e);
            return 1;
        } finally {
            closeServer.run();
        }
    }
}
