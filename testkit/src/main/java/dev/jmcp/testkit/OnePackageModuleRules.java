package dev.jmcp.testkit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
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
 * The boundary tests of a module that adds one package to the server and that the server does not know (server-otel,
 * server-redis), for its test class to extend with what is its own: its one public type, the library it wraps, why the
 * server does not name it. Read on the compiled classes (the server's and the module's) and the module descriptors.
 * The module and its package have the same name.
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class OnePackageModuleRules {
    /** Libraries no exported signature names, besides Jetty and Jackson: none is the point of a type. */
    private static final List<String> WRAPPED = List.of("io.opentelemetry.", "redis.clients.");

    private final Class<?> type;
    private final String library;
    private final String because;
    private String name;
    private JavaClasses classes;
    private ModuleDescriptor module;
    private ModuleDescriptor core;
    private List<ModuleDescriptor> readable;

    /**
     * @param type    the module's one public type
     * @param library the package prefix of the modules of the library it wraps (read, never passed on)
     * @param because why the server does not name it
     */
    protected OnePackageModuleRules(Class<?> type, String library, String because) {
        this.type = type;
        this.library = library;
        this.because = because;
    }

    /** A type of the server module ({@code dev.jmcp.server}), then one of each other jmcp module it may read. */
    protected abstract List<Class<?>> server();

    @BeforeAll
    void read() throws Exception {
        List<Class<?>> server = server();
        name = type.getPackageName();
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(type);
        core = ApiSignatures.moduleBeside(server.getFirst());
        var modules = new ArrayList<ModuleDescriptor>();
        for (Class<?> each : server) modules.add(ApiSignatures.moduleBeside(each));
        readable = List.copyOf(modules);
    }

    /**
     * It exports its one package to everyone, opens and provides nothing, passes the server on to its readers (its
     * types are in the module's signatures) and its library not.
     */
    @Test
    void theModuleExportsItsOnePackageToEveryoneAndNothingElse() {
        assertThat(module.name()).isEqualTo(name);
        assertThat(module.packages()).containsExactly(name);
        assertThat(module.exports()).singleElement().satisfies(export -> {
            assertThat(export.source()).isEqualTo(name);
            assertThat(export.isQualified()).isFalse();
        });
        assertThat(module.opens()).isEmpty();
        assertThat(module.provides()).isEmpty();
        assertThat(module.requires()).as("the server, transitively: its types are in this module's signatures")
                .anySatisfy(r -> {
                    assertThat(r.name()).isEqualTo(core.name());
                    assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
                });
        assertThat(module.requires()).as(library + " is read, never passed on to the module's readers")
                .filteredOn(r -> r.name().startsWith(library))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.modifiers())
                        .doesNotContain(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
    }

    /** Its one public type is its point: a new one is made package-private, or this test changes. */
    @Test
    void itsOnePublicTypeIsItsPoint() {
        var types = PublicTypes.of(classes, name::equals, Set.of());
        assertThat(types.byPackage()).as("public types of the module: make a new one package-private")
                .isEqualTo(PublicTypes.sorted(Map.of(name, Set.of(type.getSimpleName()))));
    }

    /** No exported signature names its library, Jetty, Jackson, a future or a type the server keeps to itself. */
    @Test
    void exportedSignaturesNameNoLibraryFutureOrInternalType() {
        Set<String> mayName = new TreeSet<>(plainExports(List.of(core)));
        mayName.add(name);
        var offences = new ArrayList<String>();
        for (JavaClass each : classes.getPackage(name).getClasses()) {
            Class<?> reflected = each.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected, mayName::contains, Set.of(), WRAPPED));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    /** It uses only what jmcp's modules export to everyone, and the server exports and opens nothing to it alone. */
    @Test
    void itUsesOnlyWhatJmcpsModulesExportToEveryone() {
        Set<String> exported = plainExports(readable);
        var reached = new TreeSet<String>();
        for (JavaClass each : classes.getPackage(name).getClasses()) {
            each.getDirectDependenciesFromSelf().stream().map(d -> d.getTargetClass().getPackageName())
                    .filter(p -> p.startsWith("dev.jmcp.") && !p.equals(name) && !exported.contains(p))
                    .forEach(reached::add);
        }
        assertThat(reached).as("packages of jmcp's modules not exported to everyone").isEmpty();
        for (var export : core.exports()) {
            assertThat(export.targets()).as("the server exports " + export.source() + " to this module alone")
                    .doesNotContain(name);
        }
        for (var open : core.opens()) assertThat(open.targets()).doesNotContain(name);
    }

    /** The server requires, uses and names nothing of it. */
    @Test
    void theServerNamesThisModuleNowhere() {
        assertThat(core.requires()).extracting(ModuleDescriptor.Requires::name).doesNotContain(name);
        assertThat(core.uses()).noneMatch(service -> service.startsWith(name + "."));
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().that().resideOutsideOfPackage(name + "..")
                .should().dependOnClassesThat().resideInAPackage(name + "..")
                .because(because)
                .check(classes);
    }

    @Test
    void noPackageOfTheServerAndThisModuleDependsOnItselfThroughOthers() {
        assertThat(classes.containPackage(name)).isTrue();
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
