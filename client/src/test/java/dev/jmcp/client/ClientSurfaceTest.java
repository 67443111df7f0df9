package dev.jmcp.client;

import dev.jmcp.testkit.ModuleSurface;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client's chosen surface (issue 28): the packages it exports, and exported signatures that name no Jetty or
 * Jackson type and no future (STYLE.md: blocking methods on virtual threads; library types never appear in a public
 * API of the client).
 */
@Timeout(60)
class ClientSurfaceTest {
    /** Exported members that break the rule knowingly, each with why. */
    private static final Map<String, String> ACCEPTED = Map.of();

    @Test
    void theClientExportsWhatItsUsersCallAndNamesNoLibraryOrFutureInIt() throws Exception {
        var surface = ModuleSurface.of(McpClient.class);
        assertThat(surface.module().name()).isEqualTo("dev.jmcp.client");
        assertThat(surface.exported()).containsExactlyInAnyOrder("dev.jmcp.client", "dev.jmcp.client.auth",
                "dev.jmcp.client.http", "dev.jmcp.client.search", "dev.jmcp.client.stdio", "dev.jmcp.client.transport");
        assertThat(surface.offences(ACCEPTED.keySet())).as("exported signatures naming a library type or a future")
                .isEmpty();
    }
}
