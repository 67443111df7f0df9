package dev.jmcp.cli.client;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.client.auth.AuthorizationRequiredException;
import dev.jmcp.client.auth.OAuth;
import dev.jmcp.protocol.ProtocolVersion;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every client command shares (a picocli mixin): which server to reach ({@code --url}, or the command after
 * {@code --}), the client's options, logging, and how a run ends — 0 on success, 1 when the server answered an error
 * (or the connection failed), 2 for usage errors (thrown as {@link ParameterException}). One instance per command run,
 * used by the main thread.
 */
public final class ServerConnection {
    private static final int STDERR_TAIL = 20;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--url", paramLabel = "URL",
            description = "The server's Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp (an older server's "
                    + "HTTP+SSE URL works too). Without it, give the command that starts the server after '--' (stdio).")
    String urlText;

    URI url;

    @Option(names = "--config", paramLabel = "FILE",
            description = "An mcpServers-style JSON file (Claude Desktop, Claude Code, Cursor; VS Code's \"servers\") "
                    + "naming the server; with --server NAME when it names more than one.")
    java.nio.file.Path config;

    @Option(names = "--server", paramLabel = "NAME", description = "The server of the --config file to use.")
    String serverName;

    @Option(names = "--env", paramLabel = "NAME=VALUE",
            description = "stdio: an environment variable for the server (repeatable).")
    Map<String, String> env = new LinkedHashMap<>();

    @Option(names = "--timeout", defaultValue = "60", paramLabel = "SECONDS",
            description = "How long to wait for each answer (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--protocol-version", defaultValue = "auto", paramLabel = "VERSION",
            converter = VersionConverter.class,
            description = "The protocol revision to ask for (default: ${DEFAULT-VALUE}: the newest the server speaks, "
                    + "2026-07-28 through server/discover, else the newest stateful one through initialize). A "
                    + "stateful revision given here is asked for directly; 2026-07-28 is stateless, falling back to "
                    + "initialize with an older server.")
    ProtocolVersion protocolVersion;

    @Option(names = "--transport", paramLabel = "KIND", defaultValue = "streamable-http",
            description = "With --url: streamable-http (default) or sse, the 2024-11-05 HTTP+SSE transport of older "
                    + "servers (then --url is the SSE URL, e.g. http://127.0.0.1:3000/sse).")
    String transport;

    @Option(names = "--header", paramLabel = "NAME=VALUE",
            description = "HTTP: a header sent with every request, e.g. an API key (repeatable).")
    Map<String, String> headers = new LinkedHashMap<>();

    @Option(names = "--json-output", description = "Print the result as JSON instead of text.")
    boolean jsonOutput;

    @Option(names = {"-v", "--verbose"}, description = "Log at debug level and show the stdio server's standard error.")
    boolean verbose;

    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();

    /** Reads a protocol revision as it is written on the wire. */
    static final class VersionConverter implements ITypeConverter<ProtocolVersion> {
        @Override
        public ProtocolVersion convert(String value) {
            if (value.equals("auto")) return null;
            return ProtocolVersion.fromWire(value).orElseThrow(() -> new IllegalArgumentException(
                    "unknown protocol version '" + value + "'; use auto or one of "
                            + java.util.Arrays.toString(ProtocolVersion.values())));
        }
    }

    /** A command's work once connected; returns the exit code. */
    interface Work {
        int run(McpClient client, Output output) throws IOException, InterruptedException;
    }

    /**
     * Checks the server arguments, connects, runs {@code work} and turns failures into messages on standard error and
     * exit code 1. {@code serverCommand} is what picocli put in the command's trailing positional parameters. With
     * {@code showNotifications}, the server's notifications other than progress (which a call asks for itself) are
     * printed to standard error.
     */
    int run(List<String> serverCommand, boolean showNotifications, Work work) {
        if (urlText != null) url = ServerUrl.parse(urlText, "--url", command.commandLine());
        List<String> stdio = stdioCommand(serverCommand);
        if (timeoutSeconds <= 0) throw new ParameterException(command.commandLine(), "--timeout must be positive");
        Map<String, String> serverEnv = env;
        if (config != null) {
            ServerConfigs.Server named;
            try {
                named = ServerConfigs.read(config, serverName, System::getenv);
            } catch (ServerConfigs.ConfigException e) {
                throw new ParameterException(command.commandLine(), e.getMessage());
            }
            // What the command line gives adds to (and overrides) what the file says.
            var mergedHeaders = new LinkedHashMap<>(named.headers());
            mergedHeaders.putAll(headers);
            headers = mergedHeaders;
            serverEnv = new LinkedHashMap<>(named.env());
            serverEnv.putAll(env);
            if (named.url() != null) {
                url = named.url();
                transport = named.transport();
            } else {
                stdio = named.command();
            }
        }
        try {
            LogSetup.configure(verbose, null);
        } catch (IOException | UnsupportedOperationException e) {
            // No log folder is asked for, so only a frozen configuration (this process logged already, as when
            // embedded) can end here: keep the one in place.
        }
        PrintWriter err = command.commandLine().getErr();
        Terminal terminal = Terminal.detect(err);
        var output = new Output(command.commandLine().getOut(), err, jsonOutput, terminal);
        McpClientBuilder builder = McpClient.builder()
                .requestTimeout(Duration.ofSeconds(timeoutSeconds))
                .stderr(this::serverStderr);
        // Unpinned, the client negotiates the newest revision itself ("auto").
        if (protocolVersion != null) builder.protocolVersion(protocolVersion);
        try {
            headers.forEach(builder::header);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command.commandLine(), "--header: " + e.getMessage());
        }
        if (url != null) {
            // Tokens from 'jmcp login'; a server that asks for a login the user has not done is told how to do it.
            // Tokens from 'jmcp login'. A server that asks for more is answered here with what it said and how to log
            // in; nothing is registered with its authorization server outside 'jmcp login'.
            URI server = url;
            builder.authorization(OAuth.builder(URI.create("http://127.0.0.1/callback"), authorizationUrl -> {
                throw new IOException(server + " needs authorization: log in first with 'jmcp login " + server + "'");
            }).tokenStore(TokenFile.inConfigDirectory()).clientName("jmcp").authorizeOnChallenge(false).build());
        }
        if (terminal != null) {
            // Someone is at the keyboard: the server may ask them (piped, the client declares neither).
            builder.onElicitation(terminal::elicit).onSampling(terminal::sample);
        }
        if (showNotifications) {
            builder.onNotification(n -> {
                if (!(n instanceof ServerNotification.Progress)) output.notification(n);
            });
        }
        if (!transport.equals("streamable-http") && !transport.equals("sse")) {
            throw new ParameterException(command.commandLine(), "--transport is streamable-http or sse, was '" + transport + "'");
        }
        // Ctrl-C (or SIGTERM): interrupt the work, which cancels the request at the server, then let the client
        // close the session before the JVM exits. The hook waits for that, boundedly.
        Thread worker = Thread.currentThread();
        var finished = new CountDownLatch(1);
        var signalled = new AtomicBoolean();
        var formCancelled = new AtomicBoolean();
        // Counted down once the hook knows whether a form was cancelled: the terminal's Ctrl-C reaches a stdio
        // server too, which may close the connection before the hook has got that far, and the worker then waits
        // for it so that what it says is right.
        var formDecided = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            signalled.set(true);
            // At a field of the server's form: the form is answered with cancel first, then the call is cancelled.
            if (terminal != null && terminal.cancelForm()) formCancelled.set(true);
            formDecided.countDown();
            if (formCancelled.get()) terminal.awaitFormAnswered(Duration.ofSeconds(1));
            worker.interrupt();
            try {
                finished.await(CLOSE_ON_SIGNAL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
        }, "jmcp-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try (McpClient client = url == null ? builder.stdio(stdio, serverEnv)
                : transport.equals("sse") ? builder.sse(url) : builder.http(url)) {
            return work.run(client, output);
        } catch (McpErrorException e) {
            err.println("jmcp: the server answered error " + e.code() + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            if (signalled.get()) return interrupted(err, formDecided, formCancelled);
            AuthorizationRequiredException refused = causeOf(e, AuthorizationRequiredException.class);
            if (refused != null) {
                err.println("jmcp: " + url + ": " + refused.getMessage() + "; " + (refused.hadCredentials()
                        ? "log in again with 'jmcp login " + url + "'" : headers.isEmpty()
                        ? "log in first with 'jmcp login " + url + "'" : "check the credentials given with --header"));
                return 1;
            }
            err.println("jmcp: " + e.getMessage());
            printStderrTail(err);
            return 1;
        } catch (InterruptedException e) {
            if (signalled.get()) return interrupted(err, formDecided, formCancelled);
            Thread.currentThread().interrupt();
            err.println("jmcp: interrupted");
            return 1;
        } finally {
            err.flush();
            command.commandLine().getOut().flush();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it is what let us get here
            }
        }
    }

    private static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) if (type.isInstance(t)) return type.cast(t);
        return null;
    }

    /** How long a Ctrl-C waits for the request to be cancelled and the session closed before the process exits. */
    private static final Duration CLOSE_ON_SIGNAL = Duration.ofSeconds(5);

    private static int interrupted(PrintWriter err, CountDownLatch formDecided, AtomicBoolean formCancelled) {
        try {
            formDecided.await(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.println();
        if (formCancelled.get()) err.println("jmcp: Ctrl-C at the server's form: it was answered with cancel");
        err.println("jmcp: interrupted; the server was told to cancel the request, and the session is closed");
        err.flush();
        return 130;
    }

    /** The stdio server command (empty with --url), after checking that exactly one server was given. */
    private List<String> stdioCommand(List<String> positional) {
        List<String> original = command.commandLine().getParseResult().originalArgs();
        int dash = original.indexOf("--");
        List<String> afterDash = dash < 0 ? List.of() : original.subList(dash + 1, original.size());
        List<String> given = positional == null ? List.of() : positional;
        var line = command.commandLine();
        if (!given.equals(afterDash)) {
            List<String> extra = given.subList(0, Math.max(0, given.size() - afterDash.size()));
            throw new ParameterException(line, afterDash.isEmpty()
                    ? "Put the server command after '--', e.g. 'jmcp " + command.name() + " ... -- jmcp serve -p plugins'"
                    : "Unexpected argument(s) before '--': " + String.join(" ", extra));
        }
        if (serverName != null && config == null) {
            throw new ParameterException(line, "--server names a server of a configuration file; give the file with "
                    + "--config FILE");
        }
        if (config != null && (url != null || !afterDash.isEmpty())) {
            throw new ParameterException(line, "Give one server: --config, --url or a command after '--', not two");
        }
        if (url == null && afterDash.isEmpty() && config == null) {
            throw new ParameterException(line, "Which server? Give --url http://HOST:PORT/mcp, the command that "
                    + "starts it after '--', e.g. 'jmcp " + command.name() + " -- jmcp serve -p plugins', or "
                    + "--config FILE --server NAME");
        }
        if (url != null && !afterDash.isEmpty()) {
            throw new ParameterException(line, "Give either --url or a server command after '--', not both");
        }
        return afterDash;
    }

    private void serverStderr(String line) {
        if (verbose) {
            command.commandLine().getErr().println("[server] " + line);
            return;
        }
        synchronized (stderrTail) {
            stderrTail.addLast(line);
            if (stderrTail.size() > STDERR_TAIL) stderrTail.removeFirst();
        }
    }

    private void printStderrTail(PrintWriter err) {
        synchronized (stderrTail) {
            if (stderrTail.isEmpty()) return;
            err.println("The server's standard error ended with:");
            stderrTail.forEach(line -> err.println("  " + line));
        }
    }

    /** Usage error for the command using this mixin. */
    ParameterException usage(String message) {
        return new ParameterException(command.commandLine(), message);
    }
}
