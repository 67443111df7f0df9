package dev.jmcp.testkit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

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
 * The boundary rules of a module that adds one package to the server and that the server does not know (server-otel,
 * server-redis): each a method its module's test calls. Read on the compiled classes (the server's and the module's)
 * and the module descriptors. The module and its package have the same name.
 */
public final class OnePackageModule {
    private final String name;
    private final JavaClasses classes;
    private final ModuleDescriptor module;
    private final ModuleDescriptor core;
    private final List<ModuleDescriptor> readable;

    /**
     * @param inModule   a type of the module
     * @param inCore     a type of the server module ({@code dev.jmcp.server})
     * @param inReadable a type of each other jmcp module whose plain exports it may use
     */
    public OnePackageModule(Class<?> inModule, Class<?> inCore, List<Class<?>> inReadable) throws Exception {
        this.name = inModule.getPackageName();
        this.classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        this.module = ApiSignatures.moduleBeside(inModule);
        this.core = ApiSignatures.moduleBeside(inCore);
        var modules = new ArrayList<ModuleDescriptor>(List.of(core));
        for (Class<?> type : inReadable) modules.add(ApiSignatures.moduleBeside(type));
        this.readable = List.copyOf(modules);
    }

    /**
     * It exports its one package to everyone, opens and provides nothing, passes the server on to its readers (its
     * types are in the module's signatures) and the library whose modules start with {@code library} not.
     */
    public void exportsItsOnePackageAlone(String library) {
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

    /** Its public types are {@code simpleNames}: a new one is made package-private, or listed by the test. */
    public void hasPublicTypes(Set<String> simpleNames) {
        var types = PublicTypes.of(classes, name::equals, Set.of());
        assertThat(types.byPackage()).as("public types of the module: make a new one package-private, or list it here")
                .isEqualTo(PublicTypes.sorted(Map.of(name, simpleNames)));
    }

    /**
     * No exported signature names a type of the libraries {@code wrapped} (package prefixes), Jetty, Jackson, a future
     * or a type the server keeps to itself.
     */
    public void exportedSignaturesNameNothingOf(List<String> wrapped) {
        Set<String> mayName = new TreeSet<>(plainExports(List.of(core)));
        mayName.add(name);
        var offences = new ArrayList<String>();
        for (JavaClass type : classes.getPackage(name).getClasses()) {
            Class<?> reflected = type.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected, mayName::contains, Set.of(), wrapped));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    /** It uses only what jmcp's modules export to everyone, and the server exports and opens nothing to it alone. */
    public void usesOnlyWhatIsExportedToEveryone() {
        Set<String> exported = plainExports(readable);
        var reached = new TreeSet<String>();
        for (JavaClass type : classes.getPackage(name).getClasses()) {
            type.getDirectDependenciesFromSelf().stream().map(d -> d.getTargetClass().getPackageName())
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

    /** The server requires, uses and names nothing of it, {@code because} the reason the test gives. */
    public void isNamedNowhereByTheServer(String because) {
        assertThat(core.requires()).extracting(ModuleDescriptor.Requires::name).doesNotContain(name);
        assertThat(core.uses()).noneMatch(service -> service.startsWith(name + "."));
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().that().resideOutsideOfPackage(name + "..")
                .should().dependOnClassesThat().resideInAPackage(name + "..")
                .because(because)
                .check(classes);
    }

    /** No package of the server and this module depends on itself through others. */
    public void hasNoPackageCycleWithTheServer() {
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
