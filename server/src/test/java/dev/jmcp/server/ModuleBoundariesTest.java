package dev.jmcp.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.testkit.ApiSignatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server module's boundary with the HTTP transport (module {@code dev.jmcp.server.http}, artifact
 * jmcp-server-http): a program that embeds the server and serves no HTTP brings no Jetty, nor the JOSE and PEM
 * libraries of HTTP's authorization. Read on the compiled module descriptor and classes, and on this module's own test
 * class path, which has no Jetty at all.
 */
class ModuleBoundariesTest {
    private static JavaClasses classes;
    private static ModuleDescriptor module;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(McpServer.class);
    }

    @Test
    void theModuleRequiresNeitherJettyNorTheLibrariesOfHttpAuthorization() {
        assertThat(module.requires()).extracting(ModuleDescriptor.Requires::name)
                .contains("dev.jmcp.protocol", "dev.jmcp.client")
                .noneMatch(name -> name.startsWith("org.eclipse.jetty") || name.startsWith("com.nimbusds")
                        || name.startsWith("org.bouncycastle"));
    }

    @Test
    void noClassOfTheServerDependsOnJettyOrOnTheHttpTransport() {
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.eclipse.jetty..", "com.nimbusds..",
                        "org.bouncycastle..")
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.jmcp.server.http..",
                        "dev.jmcp.server.auth..", "dev.jmcp.server.console..")
                .because("the HTTP transport, its authorization and the console are the module dev.jmcp.server.http, "
                        + "which depends on this one and not the other way")
                .check(classes);
    }

    @Test
    void theServersTestsRunWithoutJetty() {
        assertThatThrownBy(() -> Class.forName("org.eclipse.jetty.server.Server"))
                .as("Jetty is not on the server module's class path").isInstanceOf(ClassNotFoundException.class);
        assertThat(classes.containPackage("dev.jmcp.server.http")).as("nor is the HTTP transport").isFalse();
    }
}
