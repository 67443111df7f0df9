package dev.jmcp.cli.serve;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.auth.Authorization;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.HttpTransport;
import dev.jmcp.server.stdio.StandardOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code jmcp serve}: the seed server's command line ({@code -n}, {@code -p}, {@code -l}, {@code -s}, {@code -t};
 * stdio by default) plus limits and logging switches. picocli fills the fields (the options are declared in
 * {@link ServeCommandLine}), then calls {@link #call} once on the main thread. Bad option values are usage errors
 * (exit 2); a transport this build lacks is exit 2 with a message on standard error; a failure while serving is logged
 * and is exit 1; stdin closing normally is exit 0.
 */
public final class ServeCommand implements Callable<Integer> {

    /** Where plugins live when {@code -p} is not given. */
    /** {@code ~/.jmcp/plugins}, home as every command takes it ({@code $HOME} on Linux and macOS). */
    static final Path DEFAULT_PLUGINS = dev.jmcp.cli.UserHome.current().resolve(".jmcp").resolve("plugins");

    // The parsed command line, set by picocli through ServeCommandLine, which also documents each option.
    CommandSpec spec;
    String name;
    Path plugins;
    Path logs;
    Path mountCache;
    boolean verbose;
    int pageSize;
    int maxMessageBytes;
    int maxPending;
    boolean http;
    boolean sse;
    boolean stdio;
    String host;
    int port;
    String path;
    Path addressFile;
    NetworkOptions network;
    boolean logCalls;
    java.net.URI state;
    Path stateKeyFile;
    boolean console;
    Path devBuildStatus;
    boolean telemetry;
    String logFormat;
    Integer logMaxSize;
    int logKeep;
    AuthOptions auth;
    ToolSearchOptions toolSearch = new ToolSearchOptions();
    List<String> allowedOrigins = new ArrayList<>();
    int maxSessions;
    Duration sessionIdleTimeout;
    int replayBuffer;
    int maxStatelessCalls;

    /** The {@code serve} command of a new instance, whose fields its parsed options set. */
    public static CommandSpec commandSpec() {
        return ServeCommandLine.of(new ServeCommand());
    }

    /** The HTTP set-up these options describe. */
    public HttpOptions httpOptions() {
        try {
            return network.applyTo(new HttpOptions(host, port, path, allowedOrigins, 0, maxSessions,
                    sessionIdleTimeout, replayBuffer, http, sse, HttpOptions.DEFAULT_SSE_RETRY,
                    HttpOptions.DEFAULT_KEEP_ALIVE, null, maxStatelessCalls, List.of(), null,
                    HttpOptions.DEFAULT_GRACE_PERIOD));
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "cannot read a TLS file: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The server set-up these options describe. */
    public ServerOptions serverOptions() {
        try {
            var options = new ServerOptions(name, JmcpVersion.current(), pluginsFolder(), pageSize, maxMessageBytes,
                    maxPending, ServerOptions.DEFAULT_RELOAD_SETTLE);
            return mountCache == null ? options : options.withMountCache(mountCache.toAbsolutePath().normalize());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The plugins folder: {@code -p}, or {@code ~/.jmcp/plugins}, which outlives any build folder. */
    public Path pluginsFolder() {
        Path folder = plugins != null ? plugins : DEFAULT_PLUGINS;
        return folder.toAbsolutePath().normalize();
    }

    /** The transports asked for: stdio alone unless {@code -t} or {@code -s} is given. */
    public Set<Transport> transports() {
        EnumSet<Transport> transports = EnumSet.noneOf(Transport.class);
        if (http) transports.add(Transport.STREAMABLE_HTTP);
        if (sse) transports.add(Transport.SSE);
        if (stdio || transports.isEmpty()) transports.add(Transport.STDIO);
        return transports;
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

    /** Bounds are checked before serving starts, whichever transport is chosen. */
    private void atLeastOne(String option, int value) {
        if (value < 1) throw new ParameterException(spec.commandLine(), option + " must be at least 1, was " + value);
    }

    /**
     * Called by the process entry point with the arguments after {@code serve}, before they are parsed: starts what
     * serving will need and can be prepared meanwhile (start-up time; see {@link StandardOutput#prepare}).
     */
    public static void prepare(String[] args) {
        boolean overHttp = false;
        boolean alsoStdio = false;
        boolean logFile = false;
        for (String arg : args) {
            if (arg.equals("-h") || arg.equals("--help") || arg.equals("-V") || arg.equals("--version")) return;
            overHttp |= arg.equals("-t") || arg.equals("--http") || arg.equals("-s") || arg.equals("--sse");
            alsoStdio |= arg.equals("--stdio");
            logFile |= arg.startsWith("-l") || arg.startsWith("--logs");
        }
        CodecPrimer.start();
        // Log lines carry times on the console over HTTP, and always in a log file (see call).
        if (overHttp || logFile) LogSetup.prepareTimeStamps(logFile);
        if (!overHttp || alsoStdio) StandardOutput.prepare();
    }

    @Override
    public Integer call() throws IOException {
        ServerOptions options = serverOptions();
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port must be between 0 and 65535, was " + port);
        }
        atLeastOne("--max-sessions", maxSessions);
        atLeastOne("--replay-buffer", replayBuffer);
        atLeastOne("--max-stateless-calls", maxStatelessCalls);
        if (!path.startsWith("/")) {
            throw new ParameterException(spec.commandLine(), "--path must start with '/', was '" + path + "'");
        }
        if (plugins == null) {
            // The default folder is created on first use, so a new user's server starts and watches it.
            Files.createDirectories(options.pluginsDirectory());
        }
        boolean overHttp = http || sse;
        HttpOptions httpOptions = overHttp ? httpOptions() : null;
        if ((state != null || stateKeyFile != null) && !overHttp) {
            throw new ParameterException(spec.commandLine(), "--state and --state-key-file are for HTTP; add -t");
        }
        if (state != null && !"redis".equals(state.getScheme())) {
            throw new ParameterException(spec.commandLine(), "--state takes redis://HOST:PORT, was '" + state + "'");
        }
        if (console && !overHttp) {
            throw new ParameterException(spec.commandLine(), "--console is served over HTTP; add -t");
        }
        if (addressFile != null && !overHttp) {
            throw new ParameterException(spec.commandLine(), "--address-file names the address of HTTP; add -t");
        }
        boolean authorized = auth.configured();
        if (authorized && !overHttp) {
            throw new ParameterException(spec.commandLine(), "authorization (--auth-issuer, --api-key-file) is for "
                    + "HTTP; add -t (over stdio the client starts the server itself and needs none)");
        }
        dev.jmcp.server.toolsearch.ToolSearchSettings searchSettings;
        try {
            searchSettings = toolSearch.settings(System.getenv(ToolSearchOptions.VARIABLE));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        String refusal = overHttp ? network.refusal(host, authorized) : null;
        if (refusal != null) throw new ParameterException(spec.commandLine(), refusal);
        auth.check(httpOptions);
        // Logging is set up before anything may log (reading the authorization server's metadata can).
        LogSetup.FileFormat fileFormat;
        try {
            if (!logFormat.equals("text") && !logFormat.equals("json")) {
                throw new IllegalArgumentException("--log-format is text or json, was '" + logFormat + "'");
            }
            if ((logMaxSize != null || logFormat.equals("json")) && logs == null) {
                throw new IllegalArgumentException("--log-format json and --log-max-size are about the log file: add -l DIR");
            }
            fileFormat = new LogSetup.FileFormat(logFormat.equals("json"), logMaxSize == null ? 0 : logMaxSize, logKeep);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        // Over stdio the client stamps the lines of the server's standard error itself; a terminal running an HTTP
        // server shows them with the time of day.
        Optional<Path> logFile = LogSetup.configure(verbose, logs, fileFormat, overHttp);
        Logger log = LoggerFactory.getLogger(ServeCommand.class);
        if (overHttp) HttpTransport.prepare();
        // Everything above ran beside the codec's first use (CodecPrimer); what follows may use the codec.
        CodecPrimer.await();
        logFile.ifPresent(f -> log.info("Logging to {}", f));
        Authorization authorization;
        try {
            authorization = overHttp ? auth.authorization(httpOptions) : null;
        } catch (IOException | IllegalArgumentException e) {
            log.error("Cannot set up authorization: {}", e.getMessage());
            return 1;
        }
        if (overHttp && network.openOnNetwork(host, authorized)) {
            log.warn("Serving on {} with no authorization, as --allow-unauthenticated-network accepts: anyone who "
                    + "reaches port {} can call every tool", host, port);
        }
        dev.jmcp.server.state.SharedState shared = null;
        if (state != null || stateKeyFile != null) {
            try {
                List<byte[]> keys = stateKeyFile == null ? List.of()
                        : dev.jmcp.server.redis.RedisState.readKeys(Files.readAllLines(stateKeyFile));
                if (state != null) {
                    shared = dev.jmcp.server.redis.RedisState.connect(state, keys);
                } else {
                    shared = fixedKeys(keys);
                }
            } catch (IOException | RuntimeException e) {
                log.error("Cannot set up the shared state: {}", e.getMessage());
                return 1;
            }
        }
        dev.jmcp.server.toolsearch.ToolIndex searchIndex = null;
        if (searchSettings != null) {
            try {
                // Asked for now, so that a missing module or an unusable model stops the start; the index itself is
                // made, and its model loaded, in the background, and initialize does not wait for either.
                searchIndex = toolSearch.index();
            } catch (IllegalStateException e) {
                log.error("Cannot serve tool search: {}", e.getMessage());
                return 1;
            }
            log.info("Tool search on ({}{}), index {}", searchSettings.activate() ? "activate mode, " : "",
                    searchSettings.pins().isEmpty() ? "no pinned tools" : "pinned " + searchSettings.pins(),
                    searchIndex.describe());
        }
        if (authorization != null) {
            log.info("Authorization required for {}: {}{}", authorization.resource(),
                    authorization.authorizationServers().isEmpty() ? "API keys"
                            : "tokens from " + authorization.authorizationServers(),
                    authorization.requiredScopes().isEmpty() ? "" : ", scopes " + authorization.requiredScopes());
        }
        var search = new SearchServing(searchSettings, searchIndex);
        // Each way of serving logs under its own name (a line names its logger, not the class that called it).
        return overHttp ? HttpServing.serve(options, httpOptions, authorization, logCalls, telemetry, console,
                devBuildStatus, addressFile, shared, stdio, LoggerFactory.getLogger(HttpServing.class), search) : StdioServing.serve(options, logCalls, telemetry,
                network.gracePeriod != null ? network.gracePeriod : HttpOptions.DEFAULT_GRACE_PERIOD,
                LoggerFactory.getLogger(StdioServing.class), search);
    }

    /** Operator-supplied request-state keys, with no other instance to talk to. */
    private static dev.jmcp.server.state.SharedState fixedKeys(List<byte[]> keys) {
        return new dev.jmcp.server.state.SharedState() {
            @Override
            public List<byte[]> requestStateKeys() {
                return keys;
            }

            @Override
            public void publish(dev.jmcp.server.state.SharedEvent event) {
            }

            @Override
            public void onEvent(java.util.function.Consumer<dev.jmcp.server.state.SharedEvent> listener) {
            }
        };
    }
}
