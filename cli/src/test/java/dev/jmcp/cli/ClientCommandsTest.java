package dev.jmcp.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client commands' command line: usage errors, found before anything connects or logs (logging's configuration
 * freezes at the first line, and LogSetupTest configures it in this JVM). Runs against real servers are in dist's
 * ClientIT.
 */
class ClientCommandsTest {

    @Test
    void helpListsTheClientCommands() {
        CommandRun run = CommandRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("tools", "call", "prompts", "prompt", "resources", "read");
    }

    @Test
    void callHelpShowsTheServerChoicesAndArgumentOptions() {
        CommandRun run = CommandRun.of("call", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("TOOL", "SERVER_COMMAND", "--url=URL", "--arg=NAME=VALUE", "--json=JSON",
                "--json-output", "--timeout=SECONDS", "--env=NAME=VALUE");
    }

    @Test
    void aClientCommandWithoutAServerIsAUsageError() {
        CommandRun run = CommandRun.of("tools");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Which server?", "--url", "'--'");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aServerNameWithoutAConfigFileAndAConfigFileBesideAUrlAreUsageErrors() {
        CommandRun noFile = CommandRun.of("tools", "--server", "weather");
        assertThat(noFile.exitCode()).isEqualTo(2);
        assertThat(noFile.err()).contains("--config FILE");

        CommandRun two = CommandRun.of("tools", "--config", "mcp.json", "--url", "http://127.0.0.1:1/mcp");
        assertThat(two.exitCode()).isEqualTo(2);
        assertThat(two.err()).contains("not two");
    }

    @Test
    void aUrlAndACommandTogetherAreAUsageError() {
        CommandRun run = CommandRun.of("tools", "--url", "http://127.0.0.1:1/mcp", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("not both");
    }

    @Test
    void helpNamesACommandAndShowsItsUsage() {
        CommandRun run = CommandRun.of("help", "call");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: jmcp call", "--header", "--transport");
    }

    @Test
    void aRefusedConnectionSaysNothingListensThere() throws Exception {
        int port;
        try (var probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        CommandRun run = CommandRun.of("tools", "--url", "http://127.0.0.1:" + port + "/mcp");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("connection refused", "is the server running");
    }

    @Test
    void aUrlWithoutSchemeIsAUsageErrorShowingTheShapeExpected() {
        CommandRun run = CommandRun.of("tools", "--url", "localhost:3000/mcp");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("needs a scheme", "did you mean http://localhost:3000/mcp");
    }

    @Test
    void aHeaderTheProtocolSetsItselfIsAUsageError() {
        CommandRun run = CommandRun.of("tools", "--url", "http://127.0.0.1:9/mcp", "--header", "Mcp-Session-Id=x");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--header", "set by the protocol");
    }

    @Test
    void aServerCommandWithoutTheDashIsAUsageError() {
        CommandRun run = CommandRun.of("tools", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("after '--'");
    }

    @Test
    void aCallWithoutItsToolBeforeTheDashIsAUsageError() {
        CommandRun run = CommandRun.of("call", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void anArgumentWithoutEqualsIsAUsageError() {
        CommandRun run = CommandRun.of("call", "sleep", "--arg", "milliseconds", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("NAME=VALUE", "'milliseconds'");
    }

    @Test
    void argAndJsonTogetherAreAUsageError() {
        CommandRun run = CommandRun.of("call", "sleep", "--arg", "a=1", "--json", "{}", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("not both");
    }

    @Test
    void jsonArgumentsMustBeAnObject() {
        CommandRun run = CommandRun.of("call", "sleep", "--json", "[1]", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("JSON object");
    }

    @Test
    void anUnknownProtocolVersionIsAUsageError() {
        CommandRun run = CommandRun.of("tools", "--protocol-version", "1999-01-01", "--", "jmcp", "serve");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("1999-01-01", "2025-11-25");
    }
}
