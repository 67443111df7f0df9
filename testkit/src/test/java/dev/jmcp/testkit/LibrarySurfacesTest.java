package dev.jmcp.testkit;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.protocol.ProtocolVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chosen surfaces of the protocol and plugin-api modules (issue 28): the packages each exports, and exported
 * signatures that name no Jetty or Jackson type and no future (STYLE.md: library types never appear in a public API
 * of plugin-api or protocol). Here because both modules are below the testkit, which reads them; the client's is
 * {@code ClientSurfaceTest}, the server's {@code PublicSurfaceTest}.
 */
@Timeout(60)
class LibrarySurfacesTest {
    /** Exported members that break the rule knowingly, each with why. */
    private static final Map<String, String> PROTOCOL_ACCEPTED = Map.of();

    @Test
    void theProtocolExportsItsTypesAndNamesNoLibraryInThem() throws Exception {
        var surface = ModuleSurface.of(ProtocolVersion.class);
        assertThat(surface.module().name()).isEqualTo("dev.jmcp.protocol");
        assertThat(surface.exported()).containsExactlyInAnyOrder("dev.jmcp.protocol", "dev.jmcp.protocol.json",
                "dev.jmcp.protocol.jsonrpc");
        assertThat(surface.offences(PROTOCOL_ACCEPTED.keySet())).as("exported signatures naming a library type or a "
                + "future").isEmpty();
    }

    @Test
    void thePluginApiExportsOnePackageAndNamesNoLibraryInIt() throws Exception {
        var surface = ModuleSurface.of(Plugin.class);
        assertThat(surface.module().name()).isEqualTo("dev.jmcp.plugin");
        assertThat(surface.exported()).containsExactly("dev.jmcp.plugin");
        assertThat(surface.offences(Set.of())).as("exported signatures naming a library type or a future").isEmpty();
    }
}
