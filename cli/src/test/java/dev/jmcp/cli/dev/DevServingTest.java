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
    void withNoTransportOptionItServesHttpOnAFreeLoopbackPortWithTheConsole() {
        DevServing serving = DevServing.of(List.of(), () -> 43117);
        assertThat(serving.serveOptions()).containsExactly("-t", "--port", "43117", "--console");
        assertThat(serving.console()).contains(URI.create("http://127.0.0.1:43117/console/"));

        DevServing named = DevServing.of(List.of("--console", "--port", "8123", "--log-calls"), () -> 1);
        assertThat(named.serveOptions()).containsExactly("--console", "--port", "8123", "--log-calls", "-t");
        assertThat(named.console()).contains(URI.create("http://127.0.0.1:8123/console/"));
    }

    @Test
    void stdioAloneServesStdioOnlyForAClientThatStartsJmcpDev() {
        DevServing serving = DevServing.of(List.of("--stdio", "-v"), () -> {
            throw new AssertionError("no port is needed over stdio");
        });
        assertThat(serving.serveOptions()).containsExactly("--stdio", "-v");
        assertThat(serving.console()).isEmpty();
    }

    @Test
    void httpAskedForIsServedAsGivenWithTheConsoleAdded() {
        DevServing both = DevServing.of(List.of("-t", "--stdio", "--host", "::1"), () -> 1);
        assertThat(both.serveOptions()).containsExactly("-t", "--stdio", "--host", "::1", "--console");
        assertThat(both.console()).contains(URI.create("http://[::1]:3000/console/"));

        DevServing picked = DevServing.of(List.of("-t", "--port", "0", "--console"), () -> 1);
        assertThat(picked.serveOptions()).containsExactly("-t", "--port", "0", "--console");
        assertThat(picked.console()).as("serve picks the port and prints the address itself").isEmpty();
    }

    @Test
    void optionsThatNeedHttpWithStdioAloneAndOptionsServeDoesNotKnowAreRefused() {
        assertThatThrownBy(() -> DevServing.of(List.of("--stdio", "--console"), () -> 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--console needs HTTP").hasMessageContaining("leave out --stdio");
        assertThatThrownBy(() -> DevServing.of(List.of("--stdio", "--state", "redis://127.0.0.1:6379"), () -> 1))
                .hasMessageContaining("--state needs HTTP");
        assertThatThrownBy(() -> DevServing.of(List.of("--no-such-option"), () -> 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--no-such-option");
        assertThatThrownBy(() -> DevServing.of(List.of("--port", "many"), () -> 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("many");
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
