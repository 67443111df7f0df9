package dev.jmcp.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HelpAndVersionTest {

    @Test
    void versionComesFromTheBuild() {
        assertThat(JmcpVersion.current()).isNotBlank().isNotEqualTo("unknown").doesNotContain("${");
    }

    @Test
    void versionFlagPrintsTheVersionAndTheJava() {
        CommandRun run = CommandRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("jmcp " + JmcpVersion.current() + System.lineSeparator())
                .contains("Java " + Runtime.version());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void serveAlsoAnswersVersion() {
        assertThat(CommandRun.of("serve", "--version").out()).startsWith("jmcp " + JmcpVersion.current());
    }

    @Test
    void serveBuiltAloneForStartUpIsNamedAsInTheWholeTree() {
        CommandRun help = CommandRun.of("serve", "--help");
        assertThat(help.out()).startsWith("Usage: jmcp serve ");
        CommandRun wrong = CommandRun.of("serve", "--no-such-flag");
        assertThat(wrong.exitCode()).isEqualTo(2);
        assertThat(wrong.err()).contains("Unknown option: '--no-such-flag'", "Usage: jmcp serve ");
        assertThat(Jmcp.commandLine().getSubcommands().get("serve").getCommandSpec().qualifiedName())
                .isEqualTo("jmcp serve");
    }

    @Test
    void helpListsTheServeCommand() {
        CommandRun run = CommandRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: jmcp").contains("serve");
    }

    @Test
    void serveHelpListsEveryFlagWithItsDefault() {
        CommandRun run = CommandRun.of("serve", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("-n, --name=NAME", "-p, --plugins=DIR", "-l, --logs=DIR", "-v, --verbose",
                "--page-size=N", "--max-message-size=SIZE", "-t, --http", "-s, --sse", "--host=ADDRESS",
                "--port=PORT", "--path=PATH", "-h, --help", "-V, --version");
        assertThat(run.out()).contains("(default: ~/.jmcp/plugins,", "(default: 4MiB)", "(default: 100)");
    }

    @Test
    void noCommandIsAUsageError() {
        CommandRun run = CommandRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing command").contains("Usage: jmcp");
    }
}
