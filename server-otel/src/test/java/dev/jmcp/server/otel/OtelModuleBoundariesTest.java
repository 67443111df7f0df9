package dev.jmcp.server.otel;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.testkit.ApiSignatures;
import dev.jmcp.testkit.PublicTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The telemetry module (dev.jmcp.server.otel, artifact jmcp-server-otel) as chosen: it exports its one package, whose
 * one public type is {@link McpTelemetry}, the server's call observer; no exported signature names OpenTelemetry (the
 * SDK is configured by the {@code OTEL_*} settings and stays inside: a program hands the module nothing of
 * OpenTelemetry's and gets nothing back), Jetty, Jackson, a future or a type the server keeps to itself; it reads only
 * what jmcp's modules export to everyone, and the server exports nothing to it alone; the server's packages and its
 * package have no cycle; and the server names it nowhere, so an embedder who does not add it pays for nothing. Read on
 * the compiled classes and module descriptors.
 */
@Timeout(60)
class OtelModuleBoundariesTest {
    private static final String MODULE = "dev.jmcp.server.otel";
    private static final String PACKAGE = "dev.jmcp.server.otel";
    /** Its public types: the call observer; the SDK's set-up (TelemetrySdk) is package-private. */
    private static final Map<String, Set<String>> PUBLIC = Map.of(PACKAGE, Set.of("McpTelemetry"));
    /** Libraries its exported signatures keep to themselves, besides Jetty and Jackson: none is the point of a type. */
    private static final List<String> WRAPPED = List.of("io.opentelemetry.", "redis.clients.");

    private static JavaClasses classes;
    private static ModuleDescriptor module;
    private static ModuleDescriptor core;
    private static List<ModuleDescriptor> jmcp;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(McpTelemetry.class);
        core = ApiSignatures.moduleBeside(McpServer.class);
        jmcp = List.of(core, ApiSignatures.moduleBeside(JsonCodec.class),
                ApiSignatures.moduleBeside(RequestContext.class));
    }

    @Test
    void theModuleExportsItsOnePackageToEveryoneAndNothingElse() {
        assertThat(module.name()).isEqualTo(MODULE);
        assertThat(module.packages()).containsExactly(PACKAGE);
        assertThat(module.exports()).singleElement().satisfies(export -> {
            assertThat(export.source()).isEqualTo(PACKAGE);
            assertThat(export.isQualified()).isFalse();
        });
        assertThat(module.opens()).isEmpty();
        assertThat(module.provides()).isEmpty();
        assertThat(module.requires()).as("the server, transitively: its types are in this module's signatures")
                .anySatisfy(r -> {
                    assertThat(r.name()).isEqualTo("dev.jmcp.server");
                    assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
                });
        assertThat(module.requires()).as("OpenTelemetry is read, never passed on to the module's readers")
                .filteredOn(r -> r.name().startsWith("io.opentelemetry"))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.modifiers()).doesNotContain(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
    }

    @Test
    void itsPublicTypesAreTheCallObserverAlone() {
        var types = PublicTypes.of(classes, PACKAGE::equals, Set.of());
        assertThat(types.byPackage()).as("public types of the module: make a new one package-private, or list it here")
                .isEqualTo(PublicTypes.sorted(PUBLIC));
    }

    @Test
    void exportedSignaturesNameNoLibraryFutureOrInternalType() {
        Set<String> mayName = new TreeSet<>(plainExports(List.of(core)));
        mayName.add(PACKAGE);
        var offences = new ArrayList<String>();
        for (JavaClass type : classes.getPackage(PACKAGE).getClasses()) {
            Class<?> reflected = type.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected, mayName::contains, Set.of(), WRAPPED));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    @Test
    void itUsesOnlyWhatJmcpsModulesExportToEveryone() {
        Set<String> exported = plainExports(jmcp);
        var reached = new TreeSet<String>();
        for (JavaClass type : classes.getPackage(PACKAGE).getClasses()) {
            type.getDirectDependenciesFromSelf().stream().map(d -> d.getTargetClass().getPackageName())
                    .filter(p -> p.startsWith("dev.jmcp.") && !p.equals(PACKAGE) && !exported.contains(p))
                    .forEach(reached::add);
        }
        assertThat(reached).as("packages of jmcp's modules not exported to everyone").isEmpty();
        for (var export : core.exports()) {
            assertThat(export.targets()).as("the server exports " + export.source() + " to this module alone")
                    .doesNotContain(MODULE);
        }
        for (var open : core.opens()) assertThat(open.targets()).doesNotContain(MODULE);
    }

    @Test
    void theServerNamesThisModuleNowhere() {
        assertThat(core.requires()).extracting(ModuleDescriptor.Requires::name).doesNotContain(MODULE);
        assertThat(core.uses()).noneMatch(service -> service.startsWith(PACKAGE + "."));
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().that().resideOutsideOfPackage(PACKAGE + "..")
                .should().dependOnClassesThat().resideInAPackage(PACKAGE + "..")
                .because("the server knows call observers by its own interface; the jmcp command installs this one")
                .check(classes);
    }

    @Test
    void noPackageOfTheServerAndThisModuleDependsOnItselfThroughOthers() {
        assertThat(classes.containPackage(PACKAGE)).isTrue();
        slices().matching("dev.jmcp.(**)").should().beFreeOfCycles().check(classes);
    }

    private static Set<String> plainExports(List<ModuleDescriptor> modules) {
        var packages = new TreeSet<String>();
        for (var descriptor : modules) {
            descriptor.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                    .forEach(packages::add);
        }
        return packages;
    }
}
