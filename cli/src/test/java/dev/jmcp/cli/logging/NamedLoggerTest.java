package dev.jmcp.cli.logging;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class NamedLoggerTest {

    @Test
    void aConsoleLineShowsAClassBySimpleNameAndAnyOtherLoggerByItsWholeName() {
        assertThat(NamedLogger.shortName("dev.jmcp.server.McpServer")).isEqualTo("McpServer");
        assertThat(NamedLogger.shortName("dev.jmcp.server.http.Router$Refusals")).isEqualTo("Router$Refusals");
        assertThat(NamedLogger.shortName("jmcp.audit")).isEqualTo("jmcp.audit");
        assertThat(NamedLogger.shortName("jmcp.calls")).isEqualTo("jmcp.calls");
        assertThat(NamedLogger.shortName("a.plugin")).isEqualTo("a.plugin");
        assertThat(NamedLogger.shortName("Main")).isEqualTo("Main");
        assertThat(NamedLogger.shortName("odd.")).isEqualTo("odd.");
    }
}
