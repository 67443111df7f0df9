package dev.jmcp.cli.serve;

import dev.jmcp.cli.ByteSize;
import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code jmcp serve}: the seed server's command line ({@code -n}, {@code -p}, {@code -l}, {@code -s}, {@code -t};
 * stdio by default) plus limits and logging switches. picocli fills the fields, then calls {@link #call} once on the
 * main thread. Bad option values are usage errors (exit 2); a transport this build lacks is exit 2 with a message on
 * standard error; a failure while serving is logged and is exit 1; stdin closing normally is exit 0.
 */
@Command(name = "serve", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class,
        usageHelpAutoWidth = true,
        description = {
                "Serves the plugins of a folder to MCP clients: over standard input and output by default, or over HTTP.",
                "Plugins are JARs; adding, replacing or removing one while the server runs reloads it."
        })
public final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-n", "--name"}, defaultValue = "jmcp", paramLabel = "NAME",
            description = "Server name announced to clients (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = {"-p", "--plugins"}, defaultValue = "./plugins", paramLabel = "DIR",
            description = "Folder of plugin JARs (default: ${DEFAULT-VALUE}).")
    Path plugins;

    @Option(names = {"-l", "--logs"}, paramLabel = "DIR",
            description = "Folder for log files, one new file per run; without it jmcp logs only to standard error.")
    Path logs;

    @Option(names = {"-v", "--verbose"}, description = "Log at debug level.")
    boolean verbose;

    @Option(names = "--page-size", defaultValue = "" + ServerOptions.DEFAULT_PAGE_SIZE, paramLabel = "N",
            description = "Items per page of tools/list, prompts/list and resources/list (default: ${DEFAULT-VALUE}).")
    int pageSize;

    @Option(names = "--max-message-size", defaultValue = "4MiB", paramLabel = "SIZE", converter = ByteSize.class,
            description = "Largest inbound message, in bytes or with KiB/MiB/GiB (default: ${DEFAULT-VALUE}).")
    int maxMessageBytes;

    @Option(names = "--max-in-flight", defaultValue = "" + ServerOptions.DEFAULT_MAX_PENDING_REQUESTS, paramLabel = "N",
            description = "Requests one session (the stdio connection, or one HTTP session) may have in flight at once;"
                    + " past it a request gets -32000 'Server busy' (default: ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = {"-t", "--http"}, description = "Serve the Streamable HTTP transport.")
    boolean http;

    @Option(names = {"-s", "--sse"}, description = "Serve the legacy HTTP+SSE transport.")
    boolean sse;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "Address the HTTP transports bind to (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "3000", paramLabel = "PORT",
            description = "Port of the HTTP transports; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--path", defaultValue = "/mcp", paramLabel = "PATH",
            description = "Endpoint path of the Streamable HTTP transport (default: ${DEFAULT-VALUE}).")
    String path;

    @Option(names = "--allow-origin", paramLabel = "ORIGIN",
            description = "Also accept HTTP requests from this Origin (repeatable); loopback origins are always accepted.")
    List<String> allowedOrigins = new ArrayList<>();

    /** The HTTP set-up these options describe. */
    public HttpOptions httpOptions() {
        try {
            return new HttpOptions(host, port, path, allowedOrigins, 0, HttpOptions.DEFAULT_MAX_SESSIONS,
                    HttpOptions.DEFAULT_SESSION_IDLE_TIMEOUT, HttpOptions.DEFAULT_REPLAY_BUFFER_SIZE, http, sse,
                    HttpOptions.DEFAULT_SSE_RETRY, HttpOptions.DEFAULT_KEEP_ALIVE, null);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The server set-up these options describe. */
    public ServerOptions serverOptions() {
        try {
            return new ServerOptions(name, JmcpVersion.current(), plugins.toAbsolutePath().normalize(), pageSize,
                    maxMessageBytes, maxInFlight, ServerOptions.DEFAULT_RELOAD_SETTLE);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The transports asked for: stdio alone unless {@code -t} or {@code -s} is given. */
    public Set<Transport> transports() {
        EnumSet<Transport> transports = EnumSet.noneOf(Transport.class);
        if (http) transports.add(Transport.STREAMABLE_HTTP);
        if (sse) transports.add(Transport.SSE);
        return transports.isEmpty() ? EnumSet.of(Transport.STDIO) : transports;
    }

    /** The folder for log files, when one was given. */
    public Optional<Path> logsDirectory() {
        return Optional.ofNullable(logs);
    }

    public boolean verbose() {
        return verbose;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public String path() {
        return path;
    }

    @Override
    public Integer call() throws IOException {
        ServerOptions options = serverOptions();
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port must be between 0 and 65535, was " + port);
        }
        if (!path.startsWith("/")) {
            throw new ParameterException(spec.commandLine(), "--path must start with '/', was '" + path + "'");
        }
        boolean overHttp = !transports().contains(Transport.STDIO);
        HttpOptions httpOptions = overHttp ? httpOptions() : null;
        Optional<Path> logFile = LogSetup.configure(verbose, logs);
        Logger log = LoggerFactory.getLogger(ServeCommand.class);
        logFile.ifPresent(f -> log.info("Logging to {}", f));
        return overHttp ? HttpServing.serve(options, httpOptions, log) : StdioServing.serve(options, log);
    }
}
