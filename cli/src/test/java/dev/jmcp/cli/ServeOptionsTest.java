package dev.jmcp.cli;

import dev.jmcp.cli.serve.ServeCommand;
import dev.jmcp.cli.serve.Transport;
import dev.jmcp.server.config.ServerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ServeOptionsTest {

    private static ServeCommand parse(String... args) {
        CommandLine jmcp = Jmcp.commandLine();
        String[] all = new String[args.length + 1];
        all[0] = "serve";
        System.arraycopy(args, 0, all, 1, args.length);
        jmcp.parseArgs(all);
        return jmcp.getSubcommands().get("serve").getCommand();
    }

    @Test
    void defaultsMatchTheSeedServer() {
        ServeCommand serve = parse();
        ServerOptions options = serve.serverOptions();

        assertThat(options.name()).isEqualTo("jmcp");
        assertThat(options.pluginsDirectory())
                .isEqualTo(UserHome.current().resolve(".jmcp").resolve("plugins").toAbsolutePath());
        assertThat(options.pageSize()).isEqualTo(100);
        assertThat(options.maxMessageBytes()).isEqualTo(4 * 1024 * 1024);
        assertThat(options.maxPendingRequests()).isEqualTo(ServerOptions.DEFAULT_MAX_PENDING_REQUESTS);
        assertThat(options.version()).isEqualTo(JmcpVersion.current());
        assertThat(serve.transports()).containsExactly(Transport.STDIO);
        assertThat(serve.logsDirectory()).isEmpty();
        assertThat(serve.verbose()).isFalse();
        assertThat(serve.host()).isEqualTo("127.0.0.1");
        assertThat(serve.port()).isEqualTo(3000);
        assertThat(serve.path()).isEqualTo("/mcp");
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void refusingAnOpenBindNamesBothWaysToAuthorize() {
        CommandRun run = CommandRun.of("serve", "-t", "--host", "0.0.0.0", "--port", "0");

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("--auth-issuer").contains("--api-key-file")
                .contains("--allow-unauthenticated-network");
    }

    @Test
    void shortFlagsSetEveryOption() {
        ServeCommand serve = parse("-n", "weather-box", "-p", "/opt/jmcp/plugins", "-l", "/var/log/jmcp", "-v",
                "-t", "-s");

        assertThat(serve.serverOptions().name()).isEqualTo("weather-box");
        assertThat(serve.serverOptions().pluginsDirectory()).isEqualTo(Path.of("/opt/jmcp/plugins"));
        assertThat(serve.logsDirectory()).contains(Path.of("/var/log/jmcp"));
        assertThat(serve.verbose()).isTrue();
        assertThat(serve.transports()).containsExactlyInAnyOrder(Transport.STREAMABLE_HTTP, Transport.SSE);
    }

    @Test
    void longFlagsSetEveryOption() {
        ServeCommand serve = parse("--name", "box", "--plugins", "/p", "--logs", "/l", "--verbose",
                "--page-size", "7", "--max-message-size", "512KiB", "--http", "--host", "0.0.0.0", "--port", "0",
                "--path", "/rpc");

        ServerOptions options = serve.serverOptions();
        assertThat(options.name()).isEqualTo("box");
        assertThat(options.pluginsDirectory()).isEqualTo(Path.of("/p"));
        assertThat(options.pageSize()).isEqualTo(7);
        assertThat(options.maxMessageBytes()).isEqualTo(512 * 1024);
        assertThat(serve.logsDirectory()).contains(Path.of("/l"));
        assertThat(serve.verbose()).isTrue();
        assertThat(serve.transports()).containsExactly(Transport.STREAMABLE_HTTP);
        assertThat(serve.host()).isEqualTo("0.0.0.0");
        assertThat(serve.port()).isZero();
        assertThat(serve.path()).isEqualTo("/rpc");
    }

    @Test
    void aSecondParseStartsFromTheDefaultsAgain() {
        // picocli restores every option's initial value before it parses: serve's model is built in code, and its
        // initial values are the fields' own (a repeated option starts from an empty list again).
        CommandLine jmcp = Jmcp.commandLine();
        jmcp.parseArgs("serve", "-v", "-s", "--stdio", "--port", "1", "--page-size", "7", "--allow-origin",
                "https://a.example");
        jmcp.parseArgs("serve", "-t", "--allow-origin", "https://b.example");
        ServeCommand serve = jmcp.getSubcommands().get("serve").getCommand();

        assertThat(serve.verbose()).isFalse();
        assertThat(serve.transports()).containsExactly(Transport.STREAMABLE_HTTP);
        assertThat(serve.port()).isEqualTo(3000);
        assertThat(serve.serverOptions().pageSize()).isEqualTo(ServerOptions.DEFAULT_PAGE_SIZE);
        assertThat(serve.httpOptions().allowedOrigins()).containsExactly("https://b.example");
    }

    @Test
    void sseAloneAsksOnlyForSse() {
        assertThat(parse("--sse").transports()).containsExactly(Transport.SSE);
    }

    @Test
    void stdioBesideHttpAsksForBoth() {
        assertThat(parse("-t", "--stdio").transports())
                .containsExactlyInAnyOrder(Transport.STREAMABLE_HTTP, Transport.STDIO);
        assertThat(parse("--stdio").transports()).containsExactly(Transport.STDIO);
    }

    @Test
    void messageSizeAcceptsPlainBytes() {
        assertThat(parse("--max-message-size", "65536").serverOptions().maxMessageBytes()).isEqualTo(65536);
    }

    @Test
    void pluginsFolderIsMadeAbsoluteAndNormal() {
        assertThat(parse("-p", "a/../plugins").serverOptions().pluginsDirectory())
                .isEqualTo(Path.of("plugins").toAbsolutePath());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            --page-size|0|page size must be at least 1
            --page-size|many|'many' is not an int
            --max-message-size|4MB|not a size
            --max-message-size|512|at least 1024 bytes
            --max-message-size|3GiB|too large
            --port|70000|between 0 and 65535
            --port|-1|between 0 and 65535
            --path|mcp|must start with '/'
            --name|'  '|needs a name
            --max-pending|0|pending request limit must be at least 1
            --max-sessions|0|--max-sessions must be at least 1
            --replay-buffer|0|--replay-buffer must be at least 1
            --max-stateless-calls|0|--max-stateless-calls must be at least 1
            --session-idle-timeout|soon|'soon' is not a duration
            --session-idle-timeout|0s|not a positive duration
            """)
    void badValueIsAUsageErrorWithAMessage(String option, String value, String message) {
        CommandRun run = CommandRun.of("serve", option, value);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message).contains("Usage: jmcp serve");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void everyBoundHasAFlag() {
        ServeCommand serve = parse("-t", "--max-pending", "64", "--max-sessions", "20000", "--session-idle-timeout",
                "90s", "--replay-buffer", "1000", "--max-stateless-calls", "50");

        assertThat(serve.serverOptions().maxPendingRequests()).isEqualTo(64);
        var http = serve.httpOptions();
        assertThat(http.maxSessions()).isEqualTo(20_000);
        assertThat(http.sessionIdleTimeout()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThat(http.replayBufferSize()).isEqualTo(1000);
        assertThat(http.maxStatelessCalls()).isEqualTo(50);
    }

    @Test
    void boundsDefaultToWhatTheReadmeSays() {
        var http = parse("-t").httpOptions();

        assertThat(parse().serverOptions().maxPendingRequests()).isEqualTo(1024);
        assertThat(http.maxSessions()).isEqualTo(10_000);
        assertThat(http.sessionIdleTimeout()).isEqualTo(java.time.Duration.ofMinutes(30));
        assertThat(http.replayBufferSize()).isEqualTo(256);
        assertThat(http.maxStatelessCalls()).isEqualTo(1000);
    }

    @Test
    void unknownOptionIsAUsageError() {
        CommandRun run = CommandRun.of("serve", "--plugin-dir", "x");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown option", "'--plugin-dir'");
    }

    @Test
    void httpFlagsBecomeTheTransportsOptions() {
        var http = parse("-t", "--port", "0", "--path", "/m", "--allow-origin", "https://app.example",
                "--allow-origin", "https://other.example").httpOptions();

        assertThat(http.streamableHttp()).isTrue();
        assertThat(http.legacySse()).isFalse();
        assertThat(http.port()).isZero();
        assertThat(http.path()).isEqualTo("/m");
        assertThat(http.allowedOrigins()).containsExactly("https://app.example", "https://other.example");
        assertThat(parse("-s").httpOptions().legacySse()).isTrue();
        assertThat(parse("-s").httpOptions().streamableHttp()).isFalse();
    }

    @Test
    void aPathWithoutALeadingSlashIsAUsageError() {
        CommandRun run = CommandRun.of("serve", "-t", "--path", "mcp");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--path must start with '/'");
    }
}
