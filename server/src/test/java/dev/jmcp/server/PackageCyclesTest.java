package dev.jmcp.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layering the {@code package-info} files state, checked on the compiled classes: no package of the server, the
 * client, the protocol or the plugin API depends on itself through others, so each can be read, tested and changed
 * from the bottom up.
 */
class PackageCyclesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server", "dev.jmcp.client", "dev.jmcp.protocol", "dev.jmcp.plugin");
    }

    @Test
    void thePackagesWereFound() {
        assertThat(classes.containPackage("dev.jmcp.server.session")).isTrue();
        assertThat(classes.containPackage("dev.jmcp.client.http")).isTrue();
        assertThat(classes.containPackage("dev.jmcp.protocol.jsonrpc")).isTrue();
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        // Every package is its own slice, the top-level ones (dev.jmcp.server, dev.jmcp.client) included.
        slices().matching("dev.jmcp.(**)").should().beFreeOfCycles().check(classes);
    }
}
