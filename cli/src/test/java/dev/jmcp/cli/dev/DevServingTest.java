package dev.jmcp.cli.dev;

import dev.jmcp.cli.Jmcp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How {@code jmcp dev} serves, decided from its serve options before it builds anything. */
@Timeout(10)
class DevServingTest {
    @TempDir
    Path work;

    @Test
    void withNoTransportOptionItServesHttpOnAPortTheServerPicksWithTheConsole() {
        DevServing serving = DevServing.of(List.of());
        assertThat(serving.serveOptions()).containsExactly("-t", "--port", "0", "--console");
        assertThat(serving.http()).isTrue();

        DevServing named = DevServing.of(List.of("--console", "--port", "8123", "--log-calls"));
        assertThat(named.serveOptions()).containsExactly("--console", "--port", "8123", "--log-calls", "-t");
        assertThat(named.http()).isTrue();
    }

    @Test
    void stdioAloneServesStdioOnlyForAClientThatStartsJmcpDev() {
        DevServing serving = DevServing.of(List.of("--stdio", "-v"));
        assertThat(serving.serveOptions()).containsExactly("--stdio", "-v");
        assertThat(serving.http()).isFalse();
    }

    @Test
    void httpAskedForIsServedAsGivenWithTheConsoleAdded() {
        DevServing both = DevServing.of(List.of("-t", "--stdio", "--host", "::1"));
        assertThat(both.serveOptions()).containsExactly("-t", "--stdio", "--host", "::1", "--console");
        assertThat(both.http()).isTrue();

        DevServing sse = DevServing.of(List.of("-s", "--console"));
        assertThat(sse.serveOptions()).containsExactly("-s", "--console");
        assertThat(sse.http()).isTrue();
    }

    @Test
    void theConsoleIsOnTheHostAndPortTheServerWroteWithAWildcardHostReachedOnLoopback() {
        assertThat(DevServing.console(URI.create("http://127.0.0.1:41234/mcp")))
                .isEqualTo(URI.create("http://127.0.0.1:41234/console/"));
        assertThat(DevServing.console(URI.create("https://[::1]:8443/mcp")))
                .isEqualTo(URI.create("https://[::1]:8443/console/"));
        assertThat(DevServing.console(URI.create("http://0.0.0.0:3000/sse")))
                .isEqualTo(URI.create("http://127.0.0.1:3000/console/"));
        assertThat(DevServing.console(URI.create("http://[::]:3000/mcp")))
                .isEqualTo(URI.create("http://127.0.0.1:3000/console/"));
    }

    @Test
    void optionsThatNeedHttpWithStdioAloneAndOptionsServeDoesNotKnowAreRefused() {
        assertThatThrownBy(() -> DevServing.of(List.of("--stdio", "--console")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--console needs HTTP").hasMessageContaining("leave out --stdio");
        assertThatThrownBy(() -> DevServing.of(List.of("--stdio", "--state", "redis://127.0.0.1:6379")))
                .hasMessageContaining("--state needs HTTP");
        assertThatThrownBy(() -> DevServing.of(List.of("--no-such-option")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--no-such-option");
        assertThatThrownBy(() -> DevServing.of(List.of("--port", "many")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("many");
        assertThatThrownBy(() -> DevServing.of(List.of("--address-file", "a.txt")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("set by jmcp dev itself");
    }

    @Test
    void jmcpDevRefusesSuchOptionsBeforeTheFirstBuild() throws Exception {
        Path project = Files.createDirectories(work.resolve("units"));
        Files.writeString(project.resolve("pom.xml"), "<project/>\n");
        var err = new StringWriter();
        int code = Jmcp.execute(new String[] {"dev", project.toString(), "--stdio", "--console"},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).contains("--console needs HTTP");
        assertThat(project.resolve("target")).as("nothing was built").doesNotExist();
    }
}
