package dev.jmcp.server.process;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.PluginLoad;
import dev.jmcp.server.stdio.StandardOutput;
import org.slf4j.Logger;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A process that serves one client over its own standard input and output: the jmcp command's {@code serve} and a JAR
 * plugin's child ({@link JarHostMain}). Owns the process-wide parts of that, beside the protocol's own standard output
 * ({@link StandardOutput#takeStandardOutput}). {@link #serve} registers the one shutdown hook that, on SIGTERM/SIGINT
 * or at exit, gives the calls in flight their grace period, closes the server (which deletes the plugins' private
 * copies) and then what the caller names, and after a signal exits 0.
 *
 * <p>Each method is called at most once per process, from the main thread; the caller passes the logger its lines go
 * under, so that they are named as its own.
 */
public final class StdioProcess {
    private StdioProcess() {
    }

    /**
     * Gives the requests in flight up to {@code grace} to finish and be answered; each one still running then is
     * answered with an error saying the server stopped, so every request read gets its one answer before the process
     * ends.
     */
    public static void answerEveryCallInFlight(McpServer server, Duration grace, Logger log) {
        log.info("Stopping: calls in flight have up to {} s to finish", grace.toSeconds());
        try {
            if (!server.awaitIdle(grace)) {
                int stopped = server.stopInFlight();
                log.warn("Calls still in flight after the {} s grace period are cut off: {} answered with an error "
                        + "saying the server stopped", grace.toSeconds(), stopped);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the process with code 1 (after logging why) when the plugins' first load, started in the background, could
     * not run; {@code failed} is set first, so the shutdown hook knows the stop was not a signal.
     */
    public static void exitWhenTheLoadFails(PluginLoad loading, AtomicBoolean failed, Logger log) {
        loading.onFailure(e -> {
            log.error("Cannot load the plugins", e);
            failed.set(true);
            System.exit(1);
        });
    }

    /**
     * Serves one client of {@code server} over the process's standard input and output until standard input ends,
     * beside other transports (which the caller owns and stops). Takes standard output for the protocol first.
     */
    public static void serveBeside(McpServer server, Logger log) throws IOException {
        OutputStream protocol = StandardOutput.takeStandardOutput(log);
        log.info("Also serving over stdio");
        server.serveStdio(standardInput(), protocol);
        log.info("Standard input closed; shutting down");
    }

    /**
     * Standard input itself, not {@code System.in}: that one is buffered, and a buffered stream asks the system how
     * much more is waiting after every read (a second system call per read, 3 % of the server's CPU with 64 calls in
     * flight; bench/RESULTS.md). The line reader keeps a buffer of its own.
     */
    private static InputStream standardInput() {
        return new FileInputStream(FileDescriptor.in);
    }

    /**
     * Serves {@code server} (made, not started: its plugins load here, in the background) over standard input and
     * {@code protocol} (from {@link StandardOutput#takeStandardOutput}) until standard input ends; returns the exit code: 0, or 1
     * when serving failed (logged). On SIGTERM/SIGINT the calls in flight get up to {@code grace} to finish. Once the
     * server is closed, {@code afterClose} runs (once, whichever way serving ends); last in the shutdown hook,
     * {@code atExit} (such as closing logging).
     */
    public static int serve(McpServer server, OutputStream protocol, Duration grace, Logger log, Runnable afterClose,
                            Runnable atExit) {
        InputStream in = standardInput();
        AtomicBoolean closed = new AtomicBoolean();
        Runnable closeServer = () -> {
            if (closed.compareAndSet(false, true)) {
                try {
                    server.close();
                } catch (RuntimeException e) {
                    log.warn("Closing the server failed", e);
                }
                afterClose.run();
            }
        };
        AtomicBoolean servingEnded = new AtomicBoolean();
        AtomicBoolean loadFailed = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmcp-shutdown").unstarted(() -> {
            boolean signalled = !servingEnded.get() && !loadFailed.get();
            if (signalled) {
                log.info("Stopping: the process was signalled");
                answerEveryCallInFlight(server, grace, log);
            }
            closeServer.run();
            atExit.run();
            // Stopped by SIGTERM/SIGINT, not by main's own exit: a clean stop exits 0, as the README says, not 128+n.
            if (signalled) Runtime.getRuntime().halt(0);
        }));

        var options = server.options();
        try {
            // The plugins load while the client's initialize is read and answered; its next requests wait for them.
            exitWhenTheLoadFails(server.startInBackground(), loadFailed, log);
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
            servingEnded.set(true);
            closeServer.run();
        }
    }
}
