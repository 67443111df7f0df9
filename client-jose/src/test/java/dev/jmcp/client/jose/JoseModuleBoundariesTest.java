package dev.jmcp.client.jose;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.auth.Jose;
import dev.jmcp.testkit.ApiSignatures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module as chosen, read on the compiled descriptors: it provides the client's {@link Jose} and exports nothing
 * (no type of it is anyone's API, and Nimbus and Bouncy Castle reach no reader of it); the client only {@code uses}
 * the service and requires nothing of this module, so an embedder who does not add it carries neither library.
 */
@Timeout(60)
class JoseModuleBoundariesTest {

    @Test
    void theModuleProvidesTheClientsJoseAndExportsNothing() throws Exception {
        ModuleDescriptor module = ApiSignatures.moduleBeside(NimbusJose.class);
        assertThat(module.name()).isEqualTo("dev.jmcp.client.jose");
        assertThat(module.packages()).containsExactly("dev.jmcp.client.jose");
        assertThat(module.exports()).isEmpty();
        assertThat(module.opens()).isEmpty();
        assertThat(module.provides()).singleElement().satisfies(provides -> {
            assertThat(provides.service()).isEqualTo(Jose.class.getName());
            assertThat(provides.providers()).containsExactly(NimbusJose.class.getName());
        });
        assertThat(module.requires()).extracting(Requires::name)
                .contains("dev.jmcp.client", "com.nimbusds.jose.jwt", "org.bouncycastle.pkix");
        assertThat(module.requires()).as("nothing passed on to readers: there are none")
                .allSatisfy(r -> assertThat(r.modifiers()).doesNotContain(Requires.Modifier.TRANSITIVE));
    }

    @Test
    void theClientUsesTheServiceAndRequiresNoneOfThisModuleNorItsLibraries() throws Exception {
        ModuleDescriptor client = ApiSignatures.moduleBeside(McpClient.class);
        assertThat(client.uses()).contains(Jose.class.getName());
        assertThat(client.requires()).extracting(Requires::name)
                .noneMatch(name -> name.startsWith("dev.jmcp.client.jose") || name.startsWith("com.nimbusds")
                        || name.startsWith("org.bouncycastle"));
    }
}
