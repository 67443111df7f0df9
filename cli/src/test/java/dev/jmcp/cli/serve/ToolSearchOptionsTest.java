package dev.jmcp.cli.serve;

import dev.jmcp.cli.Jmcp;
import dev.jmcp.server.toolsearch.ToolSearchSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code serve --tool-search} and its options as parsed, with and without {@code JMCP_TOOL_SEARCH}. */
@Timeout(30)
class ToolSearchOptionsTest {

    private static ToolSearchOptions parse(String... args) {
        CommandLine jmcp = Jmcp.commandLine();
        String[] all = new String[args.length + 1];
        all[0] = "serve";
        System.arraycopy(args, 0, all, 1, args.length);
        jmcp.parseArgs(all);
        ServeCommand serve = jmcp.getSubcommands().get("serve").getCommand();
        return serve.toolSearch;
    }

    @Test
    void offUnlessAskedFor() {
        assertThat(parse().settings(null)).isNull();
        assertThat(parse().settings("")).isNull();
        assertThat(parse("--tool-search=off").settings("activate")).isNull();
        assertThat(parse("--tool-search", "off").settings("on")).isNull();
    }

    @Test
    void theOptionAloneTurnsItOnWithTheDefaults() {
        var settings = parse("--tool-search").settings(null);
        assertThat(settings).isEqualTo(new ToolSearchSettings(false, List.of(), 32));
        var options = parse("--tool-search", "--stdio");
        assertThat(options.settings(null)).isNotNull();
        assertThat(options.model).isEqualTo("default");
    }

    @Test
    void activateModePinsAndTheirBoundAreParsed() {
        var settings = parse("--tool-search=activate", "--pin-tool", "get_weather", "--pin-tool", "git_*",
                "--active-tools", "3").settings(null);
        assertThat(settings).isEqualTo(new ToolSearchSettings(true, List.of("get_weather", "git_*"), 3));
    }

    @Test
    void theEnvironmentVariableTurnsItOnWhenTheOptionIsAbsent() {
        assertThat(parse().settings("on")).isEqualTo(new ToolSearchSettings(false, List.of(), 32));
        assertThat(parse().settings(" Activate ").activate()).isTrue();
        assertThat(parse("--tool-search").settings("activate").activate()).isFalse();
    }

    @Test
    void badValuesSayWhatIsAccepted() {
        assertThatThrownBy(() -> parse("--tool-search=maybe").settings(null))
                .hasMessage("--tool-search is on, activate or off, was 'maybe'");
        assertThatThrownBy(() -> parse().settings("maybe"))
                .hasMessage("JMCP_TOOL_SEARCH is on, activate or off, was 'maybe'");
        assertThatThrownBy(() -> parse("--pin-tool", "x").settings(null)).hasMessageContaining("--tool-search");
        assertThatThrownBy(() -> parse("--tool-search", "--active-tools", "0").settings(null))
                .hasMessageContaining("--active-tools must be at least 1");
    }

    @Test
    void withoutTheSearchModuleTheIndexCannotBeMadeAndTheMessageSaysWhy() {
        // This module's tests run without jmcp-tool-search on the class path and outside a distribution.
        assertThatThrownBy(() -> parse("--tool-search").index())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tool-search module (jmcp-tool-search)")
                .hasMessageContaining("serve without --tool-search");
    }
}
