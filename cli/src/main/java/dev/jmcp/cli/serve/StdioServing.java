package dev.jmcp.cli.serve;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import org.slf4j.Logger;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one server over the process's standard input and output. Owns the process-wide parts of that: it takes the
 * real standard output for the protocol, moved to a private file descriptor, and points {@link System#out} and file
 * descriptor 1 at standard error, so neither a stray print nor a write to {@code FileDescriptor.out} by a plugin, nor
 * the JVM's own output, can corrupt the stream; it registers the one shutdown hook that, on SIGTERM/SIGINT or at exit, closes the server
 * (which deletes the plugins' private copies) and then logging, and after a signal exits 0. Called once per process, from the main thread.
 */
final class StdioServing {
    private static final int OUTPUT_BUFFER = 64 * 1024;
    /** The system property naming the descriptor {@code bin/jmcp} moved standard output to, for the protocol. */
    static final String MOVED_DESCRIPTOR = "jmcp.protocol.descriptor";
    private StdioServing() {
    }

    /**
     * Gives the requests in flight up to {@code grace} ({@code --grace-period}, as over HTTP) to finish and be
     * answered; each one still running then is answered with an error saying the server stopped, so every request
     * read gets its one answer before the process ends.
     */
    static void answerEveryCallInFlight(McpServer server, Duration grace, Logger log) {
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
     * The protocol's own stream: standard output moved to a private descriptor, descriptor 1 then pointing at standard
     * error. The launcher ({@code bin/jmcp}) makes that move before the JVM starts and names the descriptor in
     * {@value #MOVED_DESCRIPTOR}; otherwise {@link DescriptorOutputStream} makes it. Where neither can be done
     * (Windows, or a system call failing), the plain standard output, with a warning: code writing to
     * {@code FileDescriptor.out} then reaches the client.
     *
     * @throws IOException when the launcher's descriptor cannot be opened (descriptor 1 is then standard error already)
     */
    private static OutputStream takeStandardOutput(Logger log) throws IOException {
        String moved = System.getProperty(MOVED_DESCRIPTOR);
        if (moved != null) {
            FileDescriptor descriptor = movedDescriptor(moved);
            log.debug("The protocol goes to descriptor {}, where bin/jmcp moved standard output", moved);
            return new FileOutputStream(descriptor);
        }
        if (DescriptorOutputStream.supported()) {
            try {
                return DescriptorOutputStream.takeStandardOutput();
            } catch (IOException | RuntimeException e) {
                log.warn("Cannot move the protocol off file descriptor 1 ({}); plugin code writing to "
                        + "FileDescriptor.out would reach the client", e.toString());
            }
        } else {
            log.warn("On this system the protocol stays on file descriptor 1: plugin code writing to "
                    + "FileDescriptor.out would reach the client");
        }
        return new FileOutputStream(FileDescriptor.out);
    }

    /**
     * The descriptor the launcher moved standard output to. Java has no public way to name a descriptor by its number,
     * so this takes {@link FileDescriptor}'s private constructor, which the launcher opens to jmcp
     * ({@code --add-opens java.base/java.io=ALL-UNNAMED}).
     */
    static FileDescriptor movedDescriptor(String number) throws IOException {
        int descriptor;
        try {
            descriptor = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            descriptor = -1;
        }
        if (descriptor <= 2) {
            throw new IOException(MOVED_DESCRIPTOR + " must name a descriptor above 2, was '" + number + "'");
        }
        try {
            // A method handle, not Constructor.newInstance: its first use costs about 1 ms against 4-8 (start-up).
            MethodHandle constructor = MethodHandles.privateLookupIn(FileDescriptor.class, MethodHandles.lookup())
                    .findConstructor(FileDescriptor.class, MethodType.methodType(void.class, int.class));
            return (FileDescriptor) constructor.invokeExact(descriptor);
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("cannot write the protocol to descriptor " + descriptor + " (" + e
                    + "); start jmcp with bin/jmcp, or without " + MOVED_DESCRIPTOR, e);
        }
    }

    /**
     * Prepares, on a thread of its own, what serving over stdio will need, so that it overlaps the parsing of the
     * command line: the FFM calls that move standard output, unless the launcher moved it already.
     */
    static void prepare() {
        if (System.getProperty(MOVED_DESCRIPTOR) == null) DescriptorOutputStream.linkAhead();
    }

    /**
     * Serves one client of {@code server} over the process's standard input and output, until standard input ends;
     * beside HTTP ({@code --stdio}). Takes standard output for the protocol first, as {@link #serve} does.
     */
    static void serveBeside(McpServer server, Logger log) throws IOException {
        System.setOut(System.err);
        OutputStream protocol = new BufferedOutputStream(takeStandardOutput(log), OUTPUT_BUFFER);
        log.info("Also serving over stdio");
        server.serveStdio(System.in, protocol);
        log.info("Standard input closed; shutting down");
    }

    /**
     * Serves until standard input ends; returns the exit code (0, or 1 when serving failed, logged). On SIGTERM/SIGINT,
     * calls in flight get up to {@code grace} to finish, as over HTTP.
     */
    static int serve(ServerOptions options, boolean logCalls, boolean telemetry, Duration grace, Logger log,
                     SearchServing search) {
        InputStream in = System.in;
        PrintStream stderr = System.err;
        System.setOut(stderr);
        OutputStream protocol;
        try {
            protocol = new BufferedOutputStream(takeStandardOutput(log), OUTPUT_BUFFER);
        } catch (IOException e) {
            log.error("Cannot serve over stdio: {}", e.getMessage());
            return 1;
        }

        McpServer server = search.server(options);
        Observing observing = Observing.attach(server, logCalls, telemetry, "pipe");
        AtomicBoolean closed = new AtomicBoolean();
        Runnable closeServer = () -> {
            if (closed.compareAndSet(false, true)) {
                try {
                    server.close();
                } catch (RuntimeException e) {
                    log.warn("Closing the server failed", e);
                }
                observing.close();
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
            LogSetup.shutdown();
            // Stopped by SIGTERM/SIGINT, not by main's own exit: a clean stop exits 0, as the README says, not 128+n.
            if (signalled) Runtime.getRuntime().halt(0);
        }));

        try {
            // The plugins load while the client's initialize is read and answered; its next requests wait for them.
            ServeCommand.exitWhenTheLoadFails(server.startInBackground(), loadFailed, log);
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
