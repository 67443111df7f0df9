package dev.jmcp.server.http;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.testkit.ApiSignatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP transport's module (dev.jmcp.server.http) as chosen: it exports to everyone the transport and its
 * authorization, the console to the jmcp command alone; no exported signature names Jetty, Jackson, a future or a type
 * the server keeps to itself (as the server module's PublicSurfaceTest holds for its own); its transports run no
 * handler and map no failure (the one pipeline is the server's); each package the server exports to it alone is one
 * its main code uses; and the server's packages and these together have no cycle. Read on the compiled classes and
 * module descriptors.
 */
class HttpModuleBoundariesTest {
    private static final Set<String> EXPORTED = Set.of("dev.jmcp.server.http", "dev.jmcp.server.auth");
    private static final Map<String, Set<String>> EXPORTED_TO = Map.of("dev.jmcp.server.console", Set.of("dev.jmcp.cli"));
    /** The server packages exported to everyone, which exported signatures here may name. */
    private static final Set<String> SERVER_EXPORTED = Set.of("dev.jmcp.server", "dev.jmcp.server.config",
            "dev.jmcp.server.observe", "dev.jmcp.server.state", "dev.jmcp.server.toolsearch",
            "dev.jmcp.server.transport");

    private static JavaClasses classes;
    private static ModuleDescriptor module;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(HttpTransport.class);
    }

    @Test
    void theModuleExportsTheTransportToEveryoneAndTheConsoleOnlyToJmcp() {
        var plain = new TreeSet<String>();
        var qualified = new TreeMap<String, Set<String>>();
        for (var export : module.exports()) {
            if (export.isQualified()) qualified.put(export.source(), export.targets());
            else plain.add(export.source());
        }
        assertThat(module.name()).isEqualTo("dev.jmcp.server.http");
        assertThat(plain).as("packages exported to everyone").containsExactlyInAnyOrderElementsOf(EXPORTED);
        assertThat(qualified).as("packages exported to jmcp's own modules").isEqualTo(EXPORTED_TO);
        assertThat(module.requires()).as("the server, transitively: its types are in this module's signatures")
                .anySatisfy(r -> {
                    assertThat(r.name()).isEqualTo("dev.jmcp.server");
                    assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
                });
        assertThat(module.packages()).as("no package of the server's: JPMS allows no split package")
                .doesNotContain("dev.jmcp.server", "dev.jmcp.server.session", "dev.jmcp.server.engine");
        assertThat(McpServer.class.getProtectionDomain().getCodeSource().getLocation())
                .as("the server comes from its own module").isNotEqualTo(
                        HttpTransport.class.getProtectionDomain().getCodeSource().getLocation());
    }

    @Test
    void everyPackageTheServerExportsToThisModuleIsOneItsMainCodeUses() throws Exception {
        var exportedHere = new TreeSet<String>();
        for (var export : ApiSignatures.moduleBeside(McpServer.class).exports()) {
            if (export.targets().contains(module.name())) exportedHere.add(export.source());
        }
        assertThat(exportedHere).as("the server exports its sessions and its stateless requests to the transport")
                .contains("dev.jmcp.server.session", "dev.jmcp.server.stateless");
        var used = new TreeSet<String>();
        for (JavaClass type : classes) {
            if (!module.packages().contains(type.getPackageName())) continue;
            type.getDirectDependenciesFromSelf().forEach(d -> used.add(d.getTargetClass().getPackageName()));
        }
        assertThat(exportedHere.stream().filter(pkg -> !used.contains(pkg)).toList())
                .as("packages the server exports to this module that its main code does not use: a test reaches "
                        + "the server through what an embedder uses, or belongs in the server's module")
                .isEmpty();
    }

    @Test
    void exportedSignaturesNameNoJettyJacksonFutureOrInternalType() {
        var offences = new ArrayList<String>();
        for (JavaClass type : classes) {
            if (!EXPORTED.contains(type.getPackageName())) continue;
            Class<?> reflected = type.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected,
                        p -> EXPORTED.contains(p) || SERVER_EXPORTED.contains(p), Set.of()));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    @Test
    void transportsNeitherRunHandlersNorMapFailures() {
        noClasses().that().resideInAnyPackage("dev.jmcp.server.http..", "dev.jmcp.server.auth..",
                        "dev.jmcp.server.console..")
                .should().callMethod(MethodHandler.class, "handle", Call.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.jmcp.server.session.Failures")
                .because("every request goes through the one pipeline, whichever transport brought it")
                .check(classes);
    }

    @Test
    void noPackageOfTheServerAndItsHttpTransportDependsOnItselfThroughOthers() {
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        assertThat(classes.containPackage("dev.jmcp.server.http.routes")).isTrue();
        slices().matching("dev.jmcp.(**)").should().beFreeOfCycles().check(classes);
    }
}
