package dev.jmcp.server.process;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.PluginLoad;
import org.slf4j.Logger;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A process that serves one client over its own standard input and output: the jmcp command's {@code serve} and a JAR
 * plugin's child ({@link JarHostMain}). Owns the process-wide parts of that. {@link #takeStandardOutput} takes the real
 * standard output for the protocol, moved to a private file descriptor, and points {@link System#out} and file
 * descriptor 1 at standard error, so neither a stray print nor a write to {@code FileDescriptor.out} by a plugin, nor
 * the JVM's own output, can corrupt the stream. {@link #serve} registers the one shutdown hook that, on SIGTERM/SIGINT
 * or at exit, gives the calls in flight their grace period, closes the server (which deletes the plugins' private
 * copies) and then what the caller names, and after a signal exits 0.
 *
 * <p>Each method is called at most once per process, from the main thread; the caller passes the logger its lines go
 * under, so that they are named as its own.
 */
public final class StdioProcess {
    private static final int OUTPUT_BUFFER = 64 * 1024;
    /** The system property naming the descriptor {@code bin/jmcp} moved standard output to, for the protocol. */
    public static final String MOVED_DESCRIPTOR = "jmcp.protocol.descriptor";

    private StdioProcess() {
    }

    /**
     * Prepares, on a thread of its own, what {@link #takeStandardOutput} will need, so that it overlaps other start-up
     * work (the parsing of a command line): the FFM calls that move standard output, unless the launcher moved it
     * already.
     */
    public static void prepare() {
        if (System.getProperty(MOVED_DESCRIPTOR) == null) DescriptorOutputStream.linkAhead();
    }

    /**
     * The protocol's own stream, buffered, after {@link System#out} is pointed at standard error. Where the launcher
     * ({@code bin/jmcp}) moved standard output before the JVM started, it named the descriptor in
     * {@value #MOVED_DESCRIPTOR}; otherwise {@link DescriptorOutputStream} makes the move now. Where neither can be done
     * (Windows, or a system call failing), the plain standard output, with a warning: code writing to
     * {@code FileDescriptor.out} then reaches the client. Call before any plugin code runs; {@code log} is only used
     * once descriptor 1 is standard error or cannot be made so.
     *
     * @throws IOException when the launcher's descriptor cannot be opened (descriptor 1 is then standard error already)
     */
    public static OutputStream takeStandardOutput(Logger log) throws IOException {
        System.setOut(System.err);
        return new BufferedOutputStream(protocolStream(log), OUTPUT_BUFFER);
    }

    private static OutputStream protocolStream(Logger log) throws IOException {
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
        OutputStream protocol = takeStandardOutput(log);
        log.info("Also serving over stdio");
        server.serveStdio(System.in, protocol);
        log.info("Standard input closed; shutting down");
    }

    /**
     * Serves {@code server} (made, not started: its plugins load here, in the background) over standard input and
     * {@code protocol} (from {@link #takeStandardOutput}) until standard input ends; returns the exit code: 0, or 1
     * when serving failed (logged). On SIGTERM/SIGINT the calls in flight get up to {@code grace} to finish. Once the
     * server is closed, {@code afterClose} runs (once, whichever way serving ends); last in the shutdown hook,
     * {@code atExit} (such as closing logging).
     */
    public static int serve(McpServer server, OutputStream protocol, Duration grace, Logger log, Runnable afterClose,
                            Runnable atExit) {
        InputStream in = System.in;
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
