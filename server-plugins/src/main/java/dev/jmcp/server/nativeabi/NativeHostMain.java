package dev.jmcp.server.nativeabi;

import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.stdio.StandardOutput;
import dev.jmcp.server.stdio.StdioTransport;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The child process that hosts ONE native library and serves it as an MCP server over stdio, with jmcp's own engine:
 * {@code java ... dev.jmcp.server.nativeabi.NativeHostMain [--reentrant] [--call-timeout=MILLIS] LIBRARY}. The
 * parent starts it with {@link NativeHost#command} and mounts it like any other stdio MCP server; the library's
 * crashes, hangs and leaks then cost this process only, and replacing the file means starting a new child.
 *
 * <p>A main class of the plugin kinds' module (jmcp-server-plugins, beside the native host program it stands in for)
 * rather than a {@code jmcp} subcommand: the child needs only the server and this module (no picocli), so it starts
 * and loads fewer classes, and it is hidden from users by construction.
 *
 * <p>Standard output carries JSON-RPC only: the protocol moves off descriptor 1 before the library is loaded
 * ({@link StandardOutput#takeStandardOutput}), so the library's own prints reach standard error. Exit codes: 0 when standard
 * input ends, 2 when the library is not a usable plugin (the reason on standard error), 1 when serving failed.
 */
public final class NativeHostMain {
    private NativeHostMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        PrintStream stderr = System.err;
        OutputStream protocol;
        try {
            // Before the library is loaded: its printf writes to descriptor 1, which from here on is standard error.
            protocol = StandardOutput.takeStandardOutput(LoggerFactory.getLogger(NativeHostMain.class));
        } catch (IOException e) {
            stderr.println("jmcp native host: cannot serve over stdio: " + e.getMessage());
            return 1;
        }
        boolean reentrant = false;
        Duration timeout = null;
        Path file = null;
        for (String arg : args) {
            if (arg.equals("--reentrant")) {
                reentrant = true;
            } else if (arg.startsWith("--call-timeout=")) {
                timeout = Duration.ofMillis(Long.parseLong(arg.substring("--call-timeout=".length())));
            } else if (file == null && !arg.startsWith("--")) {
                file = Path.of(arg);
            } else {
                stderr.println("jmcp native host: unknown argument " + arg);
                return 2;
            }
        }
        if (file == null || !Files.isRegularFile(file)) {
            stderr.println("usage: NativeHostMain [--reentrant] [--call-timeout=MILLIS] LIBRARY (got " + file + ")");
            return 2;
        }
        NativePlugin plugin;
        try {
            plugin = NativePlugin.load(file, new NativeOptions(reentrant, timeout));
        } catch (NativeLoadException e) {
            stderr.println(e.getMessage());
            return 2;
        }
        Registry registry = Registry.of(List.of(plugin.contribution()));
        var options = new ServerOptions(plugin.name(), "native", null, ServerOptions.DEFAULT_PAGE_SIZE,
                ServerOptions.DEFAULT_MAX_MESSAGE_BYTES, ServerOptions.DEFAULT_MAX_PENDING_REQUESTS, null);
        var engine = new Engine(options, () -> registry, Methods.table(options));
        try {
            new StdioTransport(engine).serve(System.in, protocol);
            return 0;
        } catch (IOException e) {
            stderr.println("jmcp native host: serving " + file + " failed: " + e);
            return 1;
        } finally {
            engine.close();
            plugin.retire();
        }
    }
}
