package dev.jmcp.cli.serve;

import dev.jmcp.cli.ByteSize;
import dev.jmcp.cli.DurationValue;
import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.http.HttpOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The command line of {@code jmcp serve}: every option, its help, and the field of {@link ServeCommand},
 * {@link NetworkOptions} or {@link AuthOptions} it sets, in the order the help lists them.
 *
 * <p>Written with picocli's programmatic API rather than its annotations, for start-up: every client start runs
 * {@code serve}, and picocli reads annotations through reflection, for which the JDK generates a proxy class per
 * annotation type at run time (seven for this command; the AOT cache cannot hold them). Built from annotations, this
 * command cost a stdio start about 50 ms of CPU time on the main thread, 35 of them for those proxies; built here, it
 * reads no annotation, and a start answers 25-50 ms sooner (bench/RESULTS.md). The rest of the {@code jmcp} tree is
 * built from annotations as usual.
 */
final class ServeCommandLine {
    private static final String[] DESCRIPTION = {
            "Serves the plugins of a folder to MCP clients: over standard input and output by default, or over HTTP.",
            "Plugins are JARs, native libraries (.so, .dylib, .dll) and mounted MCP servers (.mcp.json); adding,",
            "replacing or removing one while the server runs reloads it."
    };

    private final CommandSpec spec;

    private ServeCommandLine(CommandSpec spec) {
        this.spec = spec;
    }

    /** The {@code serve} command of {@code command}, whose fields the parsed options set. */
    static CommandSpec of(ServeCommand command) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name("serve").versionProvider(new JmcpVersion());
        spec.usageMessage().description(DESCRIPTION).sortOptions(false).autoWidth(true);
        command.spec = spec;
        command.network = new NetworkOptions();
        command.auth = new AuthOptions();
        command.auth.spec = spec;
        new ServeCommandLine(spec).options(command, command.network, command.auth);
        return spec;
    }

    private void options(ServeCommand c, NetworkOptions network, AuthOptions auth) {
        add(option(String.class, () -> c.name, v -> c.name = v, "-n", "--name").paramLabel("NAME").defaultValue("jmcp")
                .description("Server name announced to clients (default: ${DEFAULT-VALUE})."));
        add(option(Path.class, () -> c.plugins, v -> c.plugins = v, "-p", "--plugins").paramLabel("DIR")
                .description("Folder of plugins (default: ~/.jmcp/plugins, created when missing)."));
        add(option(Path.class, () -> c.logs, v -> c.logs = v, "-l", "--logs").paramLabel("DIR")
                .description("Folder for log files, one new file per run; without it jmcp logs only to standard "
                        + "error."));
        add(option(Path.class, () -> c.mountCache, v -> c.mountCache = v, "--mount-cache").paramLabel("DIR")
                .description("Folder where lazy mounts keep their servers' tool lists (default: ~/.jmcp/mount-cache)."));
        add(flag(() -> c.verbose, v -> c.verbose = v, "-v", "--verbose").description("Log at debug level."));
        add(option(int.class, () -> c.pageSize, v -> c.pageSize = v, "--page-size").paramLabel("N")
                .defaultValue("" + ServerOptions.DEFAULT_PAGE_SIZE)
                .description("Items per page of tools/list, prompts/list and resources/list (default: "
                        + "${DEFAULT-VALUE})."));
        add(option(int.class, () -> c.maxMessageBytes, v -> c.maxMessageBytes = v, "--max-message-size")
                .paramLabel("SIZE").defaultValue("4MiB").converters(new ByteSize())
                .description("Largest inbound message, in bytes or with KiB/MiB/GiB (default: ${DEFAULT-VALUE})."));
        add(option(int.class, () -> c.maxPending, v -> c.maxPending = v, "--max-pending").paramLabel("N")
                .defaultValue("" + ServerOptions.DEFAULT_MAX_PENDING_REQUESTS)
                .description("Requests in flight per connection; past it a request gets 'Server busy' "
                        + "(default: ${DEFAULT-VALUE})."));
        add(flag(() -> c.http, v -> c.http = v, "-t", "--http").description("Serve the Streamable HTTP transport."));
        add(flag(() -> c.sse, v -> c.sse = v, "-s", "--sse").description("Serve the legacy HTTP+SSE transport."));
        add(flag(() -> c.stdio, v -> c.stdio = v, "--stdio")
                .description("With -t or -s: also serve one client over standard input and output; jmcp then stops "
                        + "when standard input ends (e.g. a desktop client's server with a --console)."));
        add(option(String.class, () -> c.host, v -> c.host = v, "--host").paramLabel("ADDRESS")
                .defaultValue("127.0.0.1")
                .description("Address the HTTP transports bind to (default: ${DEFAULT-VALUE})."));
        add(option(int.class, () -> c.port, v -> c.port = v, "--port").paramLabel("PORT").defaultValue("3000")
                .description("Port of the HTTP transports; 0 picks a free one (default: ${DEFAULT-VALUE})."));
        add(option(String.class, () -> c.path, v -> c.path = v, "--path").paramLabel("PATH").defaultValue("/mcp")
                .description("Endpoint path of the Streamable HTTP transport (default: ${DEFAULT-VALUE})."));
        add(option(Path.class, () -> c.addressFile, v -> c.addressFile = v, "--address-file").paramLabel("FILE")
                .description("With -t or -s: once the port is open, write the endpoint's URL (the port chosen with "
                        + "--port 0 in it) to FILE, for a script or a program that started the server."));
        network(network);
        add(flag(() -> c.logCalls, v -> c.logCalls = v, "--log-calls")
                .description("Log one structured line per call (logger jmcp.calls: method, target, plugin, session, "
                        + "revision, outcome, duration)."));
        add(option(URI.class, () -> c.state, v -> c.state = v, "--state").paramLabel("URI")
                .description("With -t: share state with the other instances behind the same load balancer through "
                        + "Redis (redis://HOST:PORT): the request-state key, change events and tasks. Redis may start "
                        + "later."));
        add(option(Path.class, () -> c.stateKeyFile, v -> c.stateKeyFile = v, "--state-key-file").paramLabel("FILE")
                .description("The request-state keys (base64, one per line; the first signs, all verify), instead of "
                        + "one agreed in Redis or made at start."));
        add(flag(() -> c.console, v -> c.console = v, "--console")
                .description("With -t: serve a web console at /console/ (plugins, tools, prompts, resources, "
                        + "sessions, last calls with their failures and log lines; call tools, get prompts, read "
                        + "resources, reload plugins, end sessions), behind the same authorization as MCP."));
        // Set by 'jmcp dev': the file where it writes each build's outcome, which the console shows.
        add(option(Path.class, () -> c.devBuildStatus, v -> c.devBuildStatus = v, "--dev-build-status")
                .paramLabel("FILE").hidden(true));
        add(flag(() -> c.telemetry, v -> c.telemetry = v, "--telemetry")
                .description("Send OpenTelemetry traces and metrics of every call, configured by the standard "
                        + "OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_METRICS_EXPORTER=prometheus, ...)."));
        add(option(String.class, () -> c.logFormat, v -> c.logFormat = v, "--log-format").paramLabel("FORMAT")
                .defaultValue("text")
                .description("Format of the log file of -l: text, or json (one JSON object per line) (default: "
                        + "${DEFAULT-VALUE})."));
        add(option(Integer.class, () -> c.logMaxSize, v -> c.logMaxSize = v, "--log-max-size").paramLabel("SIZE")
                .converters(new ByteSize())
                .description("Roll the text log file of -l over at this size (e.g. 10MiB)."));
        add(option(int.class, () -> c.logKeep, v -> c.logKeep = v, "--log-keep").paramLabel("N").defaultValue("5")
                .description("Rolled-over log files kept with --log-max-size (default: ${DEFAULT-VALUE})."));
        auth(auth);
        add(list(() -> c.allowedOrigins, v -> c.allowedOrigins = v, "--allow-origin").paramLabel("ORIGIN")
                .description("Also accept HTTP requests from this Origin (repeatable); loopback origins are always "
                        + "accepted."));
        add(option(int.class, () -> c.maxSessions, v -> c.maxSessions = v, "--max-sessions").paramLabel("N")
                .defaultValue("" + HttpOptions.DEFAULT_MAX_SESSIONS)
                .description("HTTP sessions open at once, both transports together; past it initialize gets 503 "
                        + "(default: ${DEFAULT-VALUE})."));
        add(option(Duration.class, () -> c.sessionIdleTimeout, v -> c.sessionIdleTimeout = v,
                "--session-idle-timeout").paramLabel("DURATION").defaultValue("30m").converters(new DurationValue())
                .description("An HTTP session with no request and no open stream for this long is ended "
                        + "(default: ${DEFAULT-VALUE})."));
        add(option(int.class, () -> c.replayBuffer, v -> c.replayBuffer = v, "--replay-buffer").paramLabel("N")
                .defaultValue("" + HttpOptions.DEFAULT_REPLAY_BUFFER_SIZE)
                .description("Events kept per SSE stream for a client that resumes it (default: ${DEFAULT-VALUE})."));
        add(option(int.class, () -> c.maxStatelessCalls, v -> c.maxStatelessCalls = v, "--max-stateless-calls")
                .paramLabel("N").defaultValue("" + HttpOptions.DEFAULT_MAX_STATELESS_CALLS)
                .description("2026-07-28 requests served at once over HTTP, listen streams included; past it a "
                        + "request gets 503 (default: ${DEFAULT-VALUE})."));
        toolSearch(c.toolSearch);
        add(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit."));
        add(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit."));
    }

    /** Tool search: the meta tools instead of every tool, pins, activate mode and the model. */
    private void toolSearch(ToolSearchOptions t) {
        add(option(String.class, () -> t.mode, v -> t.mode = v, "--tool-search").paramLabel("MODE").arity("0..1")
                .fallbackValue("on")
                .description("List only search_tools, call_tool and the pinned tools; search_tools finds the others "
                        + "among every tool served, call_tool runs them. MODE: on (the default when given), activate "
                        + "(a stateful session's tools/list also gains the tools its searches found, with "
                        + "list_changed) or off. Without it: the environment variable " + ToolSearchOptions.VARIABLE
                        + ", else off."));
        add(list(() -> t.pins, v -> t.pins = v, "--pin-tool").paramLabel("NAME")
                .description("With --tool-search: also list this tool (repeatable; * and ? match any characters and "
                        + "one)."));
        add(option(int.class, () -> t.activeTools, v -> t.activeTools = v, "--active-tools").paramLabel("N")
                .defaultValue("" + dev.jmcp.server.toolsearch.ToolSearchSettings.DEFAULT_ACTIVE_TOOLS)
                .description("With --tool-search=activate: tools kept active per session, the least recently used "
                        + "dropped first (default: ${DEFAULT-VALUE})."));
        add(option(String.class, () -> t.model, v -> t.model = v, "--tool-search-model").paramLabel("MODEL")
                .defaultValue("default")
                .description("How search_tools ranks: default (words and the embedding model shipped with jmcp, which "
                        + "loads in the background), none (words only), or the path of an ONNX sentence-embedding model "
                        + "with its tokenizer.json beside it (default: ${DEFAULT-VALUE})."));
        add(option(Path.class, () -> t.cache, v -> t.cache = v, "--tool-search-cache").paramLabel("DIR")
                .description("Where tool search may keep files it can make again (default: "
                        + "~/.jmcp/cache/tool-search)."));
    }

    /** Names allowed in Host, TLS, the grace period and the consent to serve a network unauthenticated. */
    private void network(NetworkOptions n) {
        add(list(() -> n.allowedHosts, v -> n.allowedHosts = v, "--allow-host").paramLabel("HOST")
                .description("Also accept HTTP requests whose Host header names HOST (repeatable), e.g. the "
                        + "machine's name; loopback names and the bound address are always accepted. Allows no "
                        + "Origin."));
        add(option(Path.class, () -> n.tlsCertificate, v -> n.tlsCertificate = v, "--tls-cert").paramLabel("FILE")
                .description("Serve HTTPS with this PEM certificate (chain); with --tls-key."));
        add(option(Path.class, () -> n.tlsKey, v -> n.tlsKey = v, "--tls-key").paramLabel("FILE")
                .description("The PEM private key (PKCS#8, RSA or EC) of --tls-cert."));
        add(option(Path.class, () -> n.tlsKeyStore, v -> n.tlsKeyStore = v, "--tls-keystore").paramLabel("FILE")
                .description("Serve HTTPS with the key in this PKCS#12 or JKS key store; its password comes from "
                        + "--tls-password-file or the environment variable "
                        + NetworkOptions.KEYSTORE_PASSWORD_VARIABLE + "."));
        add(option(Path.class, () -> n.tlsKeyStorePasswordFile, v -> n.tlsKeyStorePasswordFile = v,
                "--tls-password-file").paramLabel("FILE")
                .description("A file holding the key store's password (its first line)."));
        add(option(Duration.class, () -> n.gracePeriod, v -> n.gracePeriod = v, "--grace-period")
                .paramLabel("DURATION").defaultValue("30s").converters(new DurationValue())
                .description("On SIGTERM, how long calls in flight may take to finish before the server exits "
                        + "(default: ${DEFAULT-VALUE})."));
        add(flag(() -> n.allowUnauthenticatedNetwork, v -> n.allowUnauthenticatedNetwork = v,
                "--allow-unauthenticated-network")
                .description("Serve on a non-loopback address without authorization: anyone who reaches the port "
                        + "can call every tool. Without it, such a server refuses to start."));
    }

    /** OAuth bearer tokens from an authorization server, static API keys, or both. */
    private void auth(AuthOptions a) {
        add(option(URI.class, () -> a.issuer, v -> a.issuer = v, "--auth-issuer").paramLabel("URL")
                .description("Require OAuth bearer tokens (JWTs) issued by this authorization server; its keys are "
                        + "found through its metadata (RFC 8414 or OpenID discovery)."));
        add(option(URI.class, () -> a.jwks, v -> a.jwks = v, "--auth-jwks").paramLabel("URL")
                .description("The authorization server's key set, when its metadata cannot be read."));
        add(option(URI.class, () -> a.audience, v -> a.audience = v, "--auth-audience").paramLabel("URI")
                .description("This server's canonical URI, which tokens must name as their audience (default: the "
                        + "endpoint's URL, http(s)://HOST:PORT/PATH)."));
        add(list(() -> a.scopes, v -> a.scopes = v, "--auth-scope").paramLabel("SCOPE")
                .description("A scope every request's token must grant (repeatable)."));
        add(list(() -> a.itemScopes, v -> a.itemScopes = v, "--auth-scope-for").paramLabel("ITEM=SCOPES")
                .description("Scopes a call of one tool, prompt or resource needs besides (repeatable): "
                        + "tool:NAME=SCOPE, prompt:NAME=SCOPE, resource:URI=SCOPE (a URI ending in * covers every URI "
                        + "it starts); several scopes separated by commas. A token without them gets 403 "
                        + "insufficient_scope."));
        add(option(Duration.class, () -> a.clockSkew, v -> a.clockSkew = v, "--auth-clock-skew")
                .paramLabel("DURATION").defaultValue("30s").converters(new DurationValue())
                .description("How far the authorization server's clock may be off when checking expiry "
                        + "(default: ${DEFAULT-VALUE})."));
        add(option(Path.class, () -> a.apiKeyFile, v -> a.apiKeyFile = v, "--api-key-file").paramLabel("FILE")
                .description("Require one of the API keys in FILE (one per line, 'name:key' or 'key'), sent as "
                        + "'Authorization: Bearer KEY' or 'X-API-Key: KEY'."));
    }

    private void add(OptionSpec.Builder option) {
        spec.addOption(option.build());
    }

    /** An option taking one value of {@code type}, read and written through {@code get} and {@code set}. */
    private static <V> OptionSpec.Builder option(Class<?> type, Supplier<V> get, Consumer<V> set, String... names) {
        Field<V> field = new Field<>(get, set);
        // The field's value before parsing is the option's initial value, which picocli restores on every parse.
        return OptionSpec.builder(names).type(type).getter(field).setter(field).initialValue(get.get());
    }

    /** A switch: true when given. */
    private static OptionSpec.Builder flag(Supplier<Boolean> get, Consumer<Boolean> set, String... names) {
        return option(boolean.class, get, set, names);
    }

    /** A repeatable option collecting its values in order. */
    private static OptionSpec.Builder list(Supplier<List<String>> get, Consumer<List<String>> set, String... names) {
        return option(List.class, get, set, names).auxiliaryTypes(String.class);
    }

    /** Where one option's value lives: picocli reads the initial value through it and writes parsed values. */
    private static final class Field<V> implements IGetter, ISetter {
        private final Supplier<V> get;
        private final Consumer<V> set;

        Field(Supplier<V> get, Consumer<V> set) {
            this.get = get;
            this.set = set;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) get.get();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            T previous = (T) get.get();
            set.accept((V) value);
            return previous;
        }
    }
}
