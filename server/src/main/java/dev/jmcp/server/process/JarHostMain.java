package dev.jmcp.server.process;

import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.stdio.StandardOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * The child process that serves a JAR plugin in a process of its own ({@code "isolation": "process"}):
 * {@code java ... dev.jmcp.server.process.JarHostMain FOLDER}, where the folder holds a private copy of the JAR (and its
 * properties). The parent starts it with {@code ChildJvm.jarHost} and mounts it as a stdio MCP server; the
 * plugin's {@code System.exit}, crashes, leaks and hangs then cost this process only.
 *
 * <p>A main class of the server module, not a command of the jmcp command line, so that a program embedding the
 * server without that command runs such plugins too, and the child loads no command-line classes. It serves as
 * {@code jmcp serve} does over stdio, from the same pieces ({@link StdioProcess}, {@link StandardOutput}): standard output is moved off
 * descriptor 1 before any plugin code runs (a stray print or a write to {@code FileDescriptor.out} goes to standard
 * error), a signal gives the calls in flight their grace period and answers each, and each call's sender is the one
 * the parent names ({@link ServerOptions#identityFromParent}). It logs through SLF4J to standard error, set up by a
 * {@link ChildLogging} service where the class path has one.
 *
 * <p>Exit codes: 0 when standard input ends (or the process was signalled), 2 when the folder is not one, 1 when
 * serving failed (the reason on standard error).
 */
public final class JarHostMain {
    private JarHostMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        // Before anything else, a logging back end's first words included: nothing but the protocol on stdout.
        PrintStream stderr = System.err;
        System.setOut(stderr);
        if (args.length != 1 || args[0].startsWith("-") || !Files.isDirectory(Path.of(args[0]))) {
            stderr.println("usage: JarHostMain FOLDER (a folder holding the plugin's JAR), got " + String.join(" ", args));
            return 2;
        }
        ChildLogging logging = ServiceLoader.load(ChildLogging.class).findFirst().orElse(null);
        if (logging != null) logging.configure();
        Logger log = LoggerFactory.getLogger(JarHostMain.class);
        OutputStream protocol;
        try {
            protocol = StandardOutput.takeStandardOutput(log);
        } catch (IOException e) {
            log.error("Cannot serve over stdio: {}", e.getMessage());
            return 1;
        }
        Path folder = Path.of(args[0]).toAbsolutePath().normalize();
        var options = new ServerOptions("jmcp", JarHostMain.class.getPackage().getImplementationVersion(), folder,
                ServerOptions.DEFAULT_PAGE_SIZE, ServerOptions.DEFAULT_MAX_MESSAGE_BYTES,
                ServerOptions.DEFAULT_MAX_PENDING_REQUESTS, ServerOptions.DEFAULT_RELOAD_SETTLE)
                .withIdentityFromParent();
        return StdioProcess.serve(new McpServer(options), protocol, ServerOptions.DEFAULT_GRACE_PERIOD, log, () -> { },
                logging == null ? () -> { } : logging::shutdown);
    }
}
